// Coordination: coordinators, routers and the stack model (see ARCHITECTURE.md).
