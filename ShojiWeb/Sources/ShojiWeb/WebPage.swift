/// The one page: xterm.js filling the window, a WebSocket to `/session`
/// carrying the terminal's bytes as binary frames both ways and resizes as
/// text frames (`WebControlMessage`). `window.term` is the terminal, for
/// tests and for the curious; `window.shojiState` says `connecting`,
/// `open` or `closed: <reason>`. The script takes the token out of the
/// address bar once it has read it (kept in the tab's `sessionStorage` for
/// a reload), and the page sends no `Referer`.
enum WebPage {
    static func html(appName: String) -> String {
        let title = appName.unicodeScalars.filter { $0.properties.isAlphabetic || $0 == "-" || $0 == " " }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="referrer" content="no-referrer">
            <title>\(String(String.UnicodeScalarView(title)))</title>
            <link rel="stylesheet" href="/xterm.css">
            <style>
            html, body { margin: 0; height: 100%; background: #000; }
            #terminal { position: absolute; inset: 4px; }
            </style>
            </head><body>
            <div id="terminal"></div>
            <script src="/xterm.js"></script>
            <script src="/shoji-web.js"></script>
            </body></html>
            """
    }

    static let script = """
        (function () {
          'use strict';
          var container = document.getElementById('terminal');
          var term = new Terminal({ fontFamily: 'monospace', fontSize: 15, cursorBlink: false });
          window.term = term;
          window.shojiState = 'connecting';
          term.open(container);
          window.xtermFit.fit(term);
          term.focus();
          // The token leaves the visible address (history, screen shares,
          // bookmarks) once read; the tab keeps it for a reload.
          var query = new URLSearchParams(location.search);
          var token = query.get('token');
          try {
            if (token) sessionStorage.setItem('shojiToken', token); else token = sessionStorage.getItem('shojiToken');
          } catch (e) {}
          if (query.has('token')) {
            query.delete('token');
            var rest = query.toString();
            history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
          }
          var url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/session?columns=' +
            term.cols + '&rows=' + term.rows;
          if (token) url += '&token=' + encodeURIComponent(token);
          var socket = new WebSocket(url);
          socket.binaryType = 'arraybuffer';
          var encoder = new TextEncoder(), decoder = new TextDecoder();
          socket.onopen = function () { window.shojiState = 'open'; };
          socket.onmessage = function (event) {
            if (typeof event.data !== 'string') term.write(decoder.decode(new Uint8Array(event.data), { stream: true }));
          };
          socket.onclose = function (event) {
            window.shojiState = 'closed: ' + (event.reason || event.code);
            term.write('\\r\\n\\x1b[0m[session closed' + (event.reason ? ': ' + event.reason : '') + ']\\r\\n');
          };
          // A paste goes as frames of 16 KiB: one frame above the server's
          // message size would close the session.
          function send(bytes) {
            if (socket.readyState !== WebSocket.OPEN) return;
            for (var start = 0; start < bytes.length; start += 16384) socket.send(bytes.subarray(start, start + 16384));
          }
          term.on('data', function (data) { send(encoder.encode(data)); });
          term.on('binary', function (data) {
            var bytes = new Uint8Array(data.length);
            for (var i = 0; i < data.length; i++) bytes[i] = data.charCodeAt(i) & 255;
            send(bytes);
          });
          term.on('resize', function (size) {
            if (socket.readyState === WebSocket.OPEN)
              socket.send(JSON.stringify({ type: 'resize', columns: size.cols, rows: size.rows }));
          });
          var pending = null;
          window.addEventListener('resize', function () {
            clearTimeout(pending);
            pending = setTimeout(function () { window.xtermFit.fit(term); }, 50);
          });
          window.shojiScreen = function () {
            var buffer = term._core.buffer, lines = [];
            for (var y = 0; y < term.rows; y++) lines.push(buffer.translateBufferLineToString(buffer.ydisp + y, true));
            return lines;
          };
        })();
        """
}
