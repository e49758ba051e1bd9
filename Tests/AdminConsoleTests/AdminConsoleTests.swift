import AdminConsole
import HTTP
import Testing

/// The console's files, answered in memory: each with its type and the security headers, the
/// page loading only files that exist, and no script or style the policy would have to allow inline.
@Suite struct AdminConsoleTests {
    private func get(_ path: String, method: String = "GET") -> HTTPResponse {
        AdminConsole.respond(method: method, path: path, requestID: "r-1")
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private func expectSecurityHeaders(_ response: HTTPResponse, _ path: String) {
        let policy = response.headers["Content-Security-Policy"] ?? ""
        #expect(policy.contains("default-src 'none'"), "\(path)")
        #expect(policy.contains("script-src 'self'") && policy.contains("style-src 'self'"), "\(path)")
        #expect(policy.contains("frame-ancestors 'none'"), "\(path)")
        #expect(!policy.contains("unsafe"), "\(path)")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(path)")
        #expect(response.headers["Referrer-Policy"] == "no-referrer", "\(path)")
        #expect(response.headers["X-Frame-Options"] == "DENY", "\(path)")
        #expect(response.headers["X-Request-Id"] == "r-1", "\(path)")
    }

    @Test func eachFileHasItsTypeAndTheSecurityHeaders() {
        let expected = [
            "/__admin/ui": "text/html; charset=utf-8", "/__admin/ui/": "text/html; charset=utf-8",
            "/__admin/ui/console.css": "text/css; charset=utf-8", "/__admin/ui/app.js": "text/javascript; charset=utf-8",
            "/__admin/ui/detail.js": "text/javascript; charset=utf-8", "/__admin/ui/mocks.js": "text/javascript; charset=utf-8",
            "/__admin/ui/icon.svg": "image/svg+xml",
        ]
        for (path, type) in expected {
            let response = get(path)
            #expect(response.status.code == 200, "\(path)")
            #expect(response.headers["Content-Type"] == type, "\(path)")
            #expect(!response.body.isEmpty, "\(path)")
            expectSecurityHeaders(response, path)
        }
    }

    @Test func unknownFilesAndOtherMethodsAreRefusedWithTheSameHeaders() {
        for path in ["/__admin/ui/nothing.js", "/__admin/ui/../config", "/__admin/ui/app.js/x"] {
            let response = get(path)
            #expect(response.status.code == 404, "\(path)")
            expectSecurityHeaders(response, path)
        }
        let post = get("/__admin/ui", method: "POST")
        #expect(post.status.code == 405)
        #expect(post.headers["Allow"] == "GET, HEAD")
        expectSecurityHeaders(post, "POST")
        #expect(get("/__admin/ui/app.js", method: "HEAD").status.code == 200)
    }

    @Test func theConsolesPathsAreOnlyItsOwn() {
        #expect(AdminConsole.serves("/__admin/ui"))
        #expect(AdminConsole.serves("/__admin/ui/app.js"))
        #expect(!AdminConsole.serves("/__admin/uix"))
        #expect(!AdminConsole.serves("/__admin/requests"))
    }

    /// Every `src` and `href` of the page is a file the console serves, and every script it
    /// serves is loaded by the page.
    @Test func thePageLoadsExactlyTheConsolesFiles() {
        let page = text(get("/__admin/ui"))
        var referenced: Set<String> = []
        for attribute in ["src=\"", "href=\""] {
            for part in page.split(separator: attribute[...]).dropFirst() {
                guard let end = part.firstIndex(of: "\"") else { continue }
                referenced.insert(String(part[..<end]))
            }
        }
        for reference in referenced {
            #expect(reference.hasPrefix("/__admin/ui/"), "\(reference)")
            #expect(get(reference).status.code == 200, "\(reference)")
        }
        for asset in ConsoleAsset.all where asset.name.hasSuffix(".js") {
            #expect(referenced.contains("/__admin/ui/" + asset.name), "\(asset.name)")
        }
    }

    /// The policy allows no inline script or style, so the page has none; and nothing the
    /// scripts show is parsed as HTML.
    @Test func noInlineCodeAndNoHTMLParsingOfData() {
        let page = text(get("/__admin/ui"))
        #expect(!page.contains("<style"))
        #expect(!page.contains(" style="))
        #expect(!page.contains(/\son[a-z]+=/), "an inline event handler")
        for chunk in page.split(separator: "<script").dropFirst() {
            #expect(chunk.hasPrefix(" src=\"/__admin/ui/"), "\(chunk.prefix(40))")
            #expect(chunk.contains("></script>"))
        }
        for asset in ConsoleAsset.all where asset.name.hasSuffix(".js") {
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
                #expect(!asset.text.contains(sink), "\(asset.name) uses \(sink)")
            }
        }
    }
}
