import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// Sign in or sign up: two screens that switch to each
/// other, each talking to this coordinator only through its own route.
/// Finishes with the session it established.
@MainActor
package final class AuthCoordinator: FlowCoordinator<Session>, LoginOutput, SignUpOutput {
    private let factory: any AuthModuleFactory

    package init(router: any Routing, factory: any AuthModuleFactory) {
        self.factory = factory
        super.init(router: router)
    }

    package override func start() { showLogin() }

    package func showLogin() { router.setRoot(factory.makeLogin(output: self), owner: self) }
    package func showSignUp() { router.setRoot(factory.makeSignUp(output: self), owner: self) }

    package func loginDidSucceed(_ account: Account) { finish(with: .signedIn(account)) }
    package func loginDidRequestSignUp() { showSignUp() }
    package func loginDidRequestGuest() { finish(with: .guest) }
    package func signUpDidSucceed(_ account: Account) { finish(with: .signedIn(account)) }
    package func signUpDidRequestLogin() { showLogin() }
}
