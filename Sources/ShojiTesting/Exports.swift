// A test target that imports ShojiTesting also gets the end-to-end helpers
// (the built binary, background processes, tmux), which live in a module of
// their own so that a target that only spawns processes can link them alone.
@_exported import ShojiEndToEnd
