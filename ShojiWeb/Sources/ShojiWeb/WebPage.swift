/// The one page: xterm.js filling the window, a WebSocket to `/session`
/// carrying the terminal's bytes as binary frames both ways and resizes as
/// text frames (`WebControlMessage`). `window.term` is the terminal, for
/// tests and for the curious; `window.shojiState` says `connecting`,
/// `open` or `closed: <reason>`.
enum WebPage {
    static func html(appName: String) -> String {
        let title = appName.unicodeScalars.filter { $0.properties.isAlphabetic || $0 == "-" || $0 == " " }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
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
          var query = new URLSearchParams(location.search);
          var url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/session?columns=' +
            term.cols + '&rows=' + term.rows;
          if (query.get('token')) url += '&token=' + encodeURIComponent(query.get('token'));
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
          function send(bytes) { if (socket.readyState === WebSocket.OPEN) socket.send(bytes); }
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
