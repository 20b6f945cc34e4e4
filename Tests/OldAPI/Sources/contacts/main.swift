// A contacts app written against Shoji before 0.1.0: a list and its detail
// in a split, the detail made when the split asks (onNeedsDetail) and
// previewed as the highlight moves (didHighlight(index: Int)), the list
// view asked for its selection (ListScreenView.selectedIndex), launched
// with ShojiApp(name:options:) and ShojiOptions.launchOptions.
import ShojiAppKit

/// One contact.
struct Contact {
    let name: String
    let email: String
}

/// The list's presenter, with the highlight signature of before 0.1.0.
@MainActor
final class ContactList: ListScreenRows {
    let contacts = [
        Contact(name: "Ada Lovelace", email: "ada@example.org"),
        Contact(name: "Grace Hopper", email: "grace@example.org"),
        Contact(name: "Alan Turing", email: "alan@example.org"),
    ]
    var onHighlight: (Int) -> Void = { _ in }
    var onChoose: (Int) -> Void = { _ in }

    var rowCount: Int { contacts.count }
    func row(at index: Int) -> ListRow { ListRow(title: contacts[index].name, secondary: contacts[index].email) }
    func didChoose(index: Int) { onChoose(index) }
    func didHighlight(index: Int) { onHighlight(index) }
}

/// The flow: the list in the split's primary column, a contact's detail
/// beside it or over it.
@MainActor
final class ContactsCoordinator: Coordinator {
    let split = SplitContainer(minimumSideBySideWidth: 100)
    let rows = ContactList()
    private var list: ListScreenView?
    private let holder: any Routing

    init(holder: any Routing) {
        self.holder = holder
        super.init(router: split.primaryRouter)
    }

    override func start() {
        let list = ListScreenView(title: "Contacts", rows: rows, routeComponent: "contacts")
        self.list = list
        rows.onHighlight = { [unowned self] index in preview(index) }
        rows.onChoose = { [unowned self] index in split.showDetail(detail(index), owner: self) }
        split.onNeedsDetail = { [unowned self] in
            if let index = list.selectedIndex { preview(index) }
        }
        router.setRoot(list, owner: self)
        holder.setRoot(split, owner: self)
    }

    private func preview(_ index: Int) {
        guard split.isSideBySide else { return }
        split.previewDetail(detail(index), owner: self)
    }

    private func detail(_ index: Int) -> PanelView {
        let contact = rows.contacts[index]
        let view = PanelView(title: contact.name)
        view.content = DetailWidget(title: contact.name, fields: [DetailField("Email", contact.email)])
        return view
    }
}

MainActor.assumeIsolated {
    let options: ShojiOptions
    do throws(LaunchError) { options = try ShojiApp.parseOptions(Array(CommandLine.arguments.dropFirst()), name: "contacts") } catch {
        error.exit(program: "contacts")
    }
    ShojiApp(name: "contacts", options: options.launchOptions).run { context in
        ContactsCoordinator(holder: context.router)
    }
}
