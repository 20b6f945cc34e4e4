import Foundation
import Testing
@testable import ShojiAppKit

/// `AppDataFolder`: where each platform keeps an app's data, from a fake
/// environment, and the folder made private on first use.
struct AppDataFolderTests {
    @Test func theUsersFolderWinsOverEverything() throws {
        let path = try AppDataFolder.resolve(appName: "notes", override: "/srv/notes",
                                             environment: ["XDG_DATA_HOME": "/x", "HOME": "/home/ada"])
        #expect(path == "/srv/notes")
    }

    @Test func linuxUsesAnAbsoluteXDGDataHomeElseLocalShare() throws {
        #expect(try AppDataFolder.resolve(appName: "notes", override: nil,
                                          environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"],
                                          platform: .linux) == "/data/notes")
        #expect(try AppDataFolder.resolve(appName: "notes", override: "",
                                          environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"],
                                          platform: .linux) == "/home/ada/.local/share/notes",
                "a relative XDG_DATA_HOME is ignored, as the spec says")
        #expect(try AppDataFolder.resolve(appName: "notes", override: nil, environment: ["HOME": "/home/ada"],
                                          platform: .linux) == "/home/ada/.local/share/notes")
    }

    @Test func theCurrentPlatformIsTheOneThisRunsOn() {
        #if os(macOS)
        #expect(AppDataFolder.Platform.current == .macOS)
        #else
        #expect(AppDataFolder.Platform.current == .linux)
        #endif
    }

    @Test func macOSUsesApplicationSupportWhateverXDGSays() throws {
        #expect(try AppDataFolder.resolve(appName: "notes", override: nil,
                                          environment: ["XDG_DATA_HOME": "/data", "HOME": "/Users/ada"],
                                          platform: .macOS) == "/Users/ada/Library/Application Support/notes")
    }

    @Test func theFolderAndItsParentsAreMadePrivate() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = try AppDataFolder(appName: "notes", override: nil, environment: ["XDG_DATA_HOME": base + "/xdg"],
                                       platform: .linux)
        #expect(folder.path == base + "/xdg/notes")
        #expect(folder.file("notes.json") == base + "/xdg/notes/notes.json")
        for path in [base + "/xdg", base + "/xdg/notes"] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(path)")
        }
        #expect(try AppDataFolder(appName: "notes", override: folder.path) == folder, "an existing folder is fine")
    }

    @Test func aFileInTheWayFailsWithOneLineAndStatus1() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let error = #expect(throws: LaunchError.self) { try AppDataFolder(appName: "notes", override: file) }
        #expect(error?.exitStatus == 1)
        #expect(error?.description.contains("cannot create the data folder \(file)") == true)
        #expect(error?.description.contains("\n") == false)
    }
}
