/// One file of the admin console: its name under `/__admin/ui/`, its media type and its bytes,
/// compiled into the binary so that the console works offline and needs no files beside it.
public struct ConsoleAsset: Sendable {
    /// The file name after `/__admin/ui/` (`app.js`); empty for the page itself.
    public let name: String
    /// The `Content-Type` it is served with.
    public let contentType: String
    /// The file's text.
    public let text: String

    /// An asset named `name`, of `contentType`.
    init(_ name: String, _ contentType: String, _ text: String) {
        self.name = name
        self.contentType = contentType
        self.text = text
    }

    static let html = "text/html; charset=utf-8"
    static let css = "text/css; charset=utf-8"
    static let javaScript = "text/javascript; charset=utf-8"
    static let svg = "image/svg+xml"

    /// Every asset, the page first: the page, its style sheet, its icon and its scripts (loaded in this order).
    public static let all: [ConsoleAsset] = [
        ConsoleAsset("", html, ConsolePage.html),
        ConsoleAsset("console.css", css, ConsoleStyle.css),
        ConsoleAsset("icon.svg", svg, ConsoleIcon.svg),
    ] + scripts

    /// The scripts, in the order the page loads them (each uses only those before it).
    static let scripts: [ConsoleAsset] = [
        ConsoleAsset("api.js", javaScript, ConsoleScripts.api),
        ConsoleAsset("render.js", javaScript, ConsoleScripts.render),
        ConsoleAsset("list.js", javaScript, ConsoleScripts.list),
        ConsoleAsset("detail.js", javaScript, ConsoleScripts.detail),
        ConsoleAsset("controls.js", javaScript, ConsoleScripts.controls),
        ConsoleAsset("mocks.js", javaScript, ConsoleScripts.mocks),
        ConsoleAsset("config.js", javaScript, ConsoleScripts.config),
        ConsoleAsset("app.js", javaScript, ConsoleScripts.app),
    ]
}

/// The scripts' texts, one file each (`ConsoleScripts+Name.swift`).
enum ConsoleScripts {}
