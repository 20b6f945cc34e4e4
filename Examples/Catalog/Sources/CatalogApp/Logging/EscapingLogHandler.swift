import CatalogModel
import CatalogPresenters
import Logging
import ShojiPresentation

/// Passes every message on with control characters escaped in the message
/// and every metadata value (`ControlCharacters`): what a client sent (a user
/// name, a terminal name, an address) must reach the operator's terminal as
/// text, never as an escape sequence that retitles or recolours it.
package struct EscapingLogHandler: LogHandler {
    private var inner: any LogHandler

    package init(_ inner: any LogHandler) {
        self.inner = inner
    }

    package var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    package var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    package func log(event: LogEvent) {
        var event = event
        event.message = "\(ControlCharacters.escaped(event.message.description))"
        event.metadata = event.metadata.map { Self.escaped($0) }
        // Metadata set on the logger travels in `metadata` and is merged by
        // the inner handler: escape it by passing it with the event.
        var inner = inner
        let own = inner.metadata
        inner.metadata = Self.escaped(own)
        inner.log(event: event)
    }

    static func escaped(_ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.mapValues(escaped)
    }

    static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(ControlCharacters.escaped(text))
        case .stringConvertible(let convertible): .string(ControlCharacters.escaped(convertible.description))
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let values): .dictionary(escaped(values))
        }
    }
}
