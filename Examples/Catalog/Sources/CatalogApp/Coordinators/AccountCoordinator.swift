import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// The Account tab: who is signed in, and signing out.
@MainActor
package final class AccountCoordinator: Coordinator, AccountOutput {
    private let factory: any MainModuleFactory
    private let session: Session
    private let onSignOut: @MainActor () -> Void

    package init(router: any Routing, factory: any MainModuleFactory, session: Session,
                onSignOut: @escaping @MainActor () -> Void) {
        self.factory = factory
        self.session = session
        self.onSignOut = onSignOut
        super.init(router: router)
    }

    package override func start() {
        router.setRoot(factory.makeAccount(output: self, account: session.account), owner: self)
    }

    package func accountDidRequestSignOut() { onSignOut() }
}
