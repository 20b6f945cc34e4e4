import ShojiNavigation

/// Sign in or sign up (seeds 001 and 002): two screens that switch to each
/// other, each talking to this coordinator only through its own route.
/// Finishes with the session it established.
@MainActor
public final class AuthCoordinator: FlowCoordinator<Session>, LoginRoute, SignUpRoute {
    private let factory: any AuthModuleFactory

    public init(router: any Routing, factory: any AuthModuleFactory) {
        self.factory = factory
        super.init(router: router)
    }

    public override func start() { showLogin() }

    public func showLogin() { router.setRoot(factory.makeLogin(route: self), owner: self) }
    public func showSignUp() { router.setRoot(factory.makeSignUp(route: self), owner: self) }

    public func loginDidSucceed(_ account: Account) { finish(with: .signedIn(account)) }
    public func loginDidRequestSignUp() { showSignUp() }
    public func loginDidRequestGuest() { finish(with: .guest) }
    public func signUpDidSucceed(_ account: Account) { finish(with: .signedIn(account)) }
    public func signUpDidRequestLogin() { showLogin() }
}
