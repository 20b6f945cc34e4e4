import Foundation

/// xterm.js for the page, from Debian's packages, never a CDN: the page
/// works offline. Bookworm's `libjs-xterm` ships xterm.js 3.8 only as a
/// stub that `require`s its CommonJS modules, which `node-xterm` installs
/// (`/usr/share/nodejs/xterm/lib`). At start the server wraps those
/// modules (tests left out) in a small loader, one script the page loads.
enum XtermBundle {
    struct MissingFiles: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "cannot read xterm.js at \(path): install Debian's node-xterm and libjs-xterm (make deps)"
        }
    }

    /// The script: every module under `modules`, `window.Terminal`, and
    /// `window.xtermFit` (the fit add-on).
    static func make(modules: String) throws(MissingFiles) -> String {
        let root = URL(fileURLWithPath: modules).standardizedFileURL.path
        var definitions: [String] = []
        for relative in scripts(under: root, depth: 4) {
            guard let source = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else { continue }
            let name = String(relative.dropLast(3))
            definitions.append("defs[\(quoted(name))] = function (require, module, exports) {\n\(source)\n};")
        }
        guard definitions.contains(where: { $0.hasPrefix("defs[\"public/Terminal\"]") }) else {
            throw MissingFiles(path: root)
        }
        return """
            (function () {
            var defs = {}, cache = {};
            function resolve(from, name) {
              var parts = from.split('/'); parts.pop();
              name.split('/').forEach(function (p) { if (p === '..') parts.pop(); else if (p !== '.') parts.push(p); });
              return parts.join('/').replace(/\\.js$/, '');
            }
            function load(id) {
              if (cache[id]) return cache[id].exports;
              if (!defs[id]) throw new Error('xterm bundle: no module ' + id);
              var module = { exports: {} }; cache[id] = module;
              defs[id].call(module.exports, function (name) { return load(resolve(id, name)); }, module, module.exports);
              return module.exports;
            }
            \(definitions.joined(separator: "\n"))
            window.Terminal = load('public/Terminal').Terminal;
            window.xtermFit = load('addons/fit/fit');
            })();
            """
    }

    /// The scripts under `root` (tests left out), as paths relative to it;
    /// follows symbolic links (Debian links the add-ons in from libjs-xterm).
    private static func scripts(under root: String, prefix: String = "", depth: Int) -> [String] {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + prefix) else { return [] }
        var found: [String] = []
        for name in names.sorted() {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found += scripts(under: root, prefix: relative, depth: depth - 1)
            } else if name.hasSuffix(".js"), !name.hasSuffix(".test.js") {
                found.append(relative)
            }
        }
        return found
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
