import Platform

/// What the preview's HTTP server accepts, and for how long it waits. A peer past any of these
/// is answered with the matching status and disconnected, without delaying anyone else.
package struct HTTPLimits: Sendable {
    /// Request line + header fields + the blank line: a browser's requests to the preview are well under 2 KB,
    /// but cookies other local servers set on 127.0.0.1 are sent here too. Above: 431.
    package var maxHeadBytes = 32 * 1024
    /// No route reads a body; a small one is read and ignored. Above: 413.
    package var maxBodyBytes = 64 * 1024
    /// Seconds for a whole request (head and body) to arrive, counted from when the server
    /// starts waiting for it: idle and trickling peers are dropped (408 if they sent anything).
    package var requestTimeout = 10.0
    /// Seconds a peer may take to accept a response or a pushed message before it is dropped.
    package var writeTimeout = 10.0
    /// Connections served at once; more are answered 503 at once.
    package var maxConnections = 64
    /// Largest WebSocket frame taken from a page (pages send none but pings and closes).
    package var maxWebSocketFrame = 64 * 1024

    package init() {}
}

/// A request the server answers itself, with `status` and `message`, then disconnects.
struct HTTPRefusal: Error, Equatable {
    var status: Int
    var message: String
}

/// A parsed request head (RFC 9112): the request line and header fields.
struct HTTPRequest: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    var version: String
    var headers: [(name: String, value: String)]
    /// The body's length, from `Content-Length` (0 without one).
    var contentLength = 0

    /// The first field named `name` (names are case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// Whether the connection stays open for the next request (HTTP/1.1 unless the client
    /// says `Connection: close`; HTTP/1.0 always closes). No route answers HEAD, and its
    /// refusal carries a body, so HEAD closes too.
    var keepsAlive: Bool {
        version == "HTTP/1.1" && method != "HEAD" && !(header("Connection")?.lowercased().contains("close") ?? false)
    }

    /// Parses `head` (without the blank line that ends it); LF alone also ends lines.
    init(head: [UInt8], limits: HTTPLimits) throws(HTTPRefusal) {
        var lines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw HTTPRefusal(status: 400, message: "malformed request line") }
        let parts = first.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte),
            !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 32 && $0 < 127 })
        else { throw HTTPRefusal(status: 400, message: "malformed request line") }
        method = String(decoding: parts[0], as: UTF8.self)
        version = String(decoding: parts[2], as: UTF8.self)
        guard version.hasPrefix("HTTP/"), version.count == 8 else {
            throw HTTPRefusal(status: 400, message: "malformed request line")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw HTTPRefusal(status: 505, message: "HTTP version not supported (only HTTP/1.0 and HTTP/1.1)")
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard target.hasPrefix("/") else { throw HTTPRefusal(status: 400, message: "request target must start with /") }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(pieces[0])
        query = pieces.count > 1 ? Self.parseQuery(pieces[1]) : []

        headers = []
        for line in lines.dropFirst() {
            // No obsolete line folding, no space before the colon, no control bytes in values.
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy(Self.isTokenByte),
                line[(colon + 1)...].allSatisfy({ $0 == 9 || $0 >= 32 && $0 != 127 })
            else { throw HTTPRefusal(status: 400, message: "malformed header field") }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingScalars {
                $0 == " " || $0 == "\t"
            }
            headers.append((name, value))
        }
        if header("Transfer-Encoding") != nil {
            throw HTTPRefusal(status: 501, message: "transfer encodings are not supported (send Content-Length)")
        }
        contentLength = try Self.contentLength(headers, limits: limits)
    }

    /// Every copy of `Content-Length` must agree.
    private static func contentLength(
        _ headers: [(name: String, value: String)], limits: HTTPLimits
    ) throws(HTTPRefusal) -> Int {
        let values = Set(headers.filter { $0.name.lowercased() == "content-length" }.map(\.value))
        guard let value = values.first else { return 0 }
        guard values.count == 1, !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw HTTPRefusal(status: 400, message: "invalid Content-Length")
        }
        // Compared as digits first so an absurd length cannot overflow.
        let digits = value.drop { $0 == "0" }
        guard digits.count <= 18, let length = Int(digits.isEmpty ? "0" : String(digits)), length <= limits.maxBodyBytes
        else {
            throw HTTPRefusal(status: 413, message: "request body too large (limit \(limits.maxBodyBytes) bytes)")
        }
        return length
    }

    /// tchar of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func parseQuery(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(sides[0]), sides.count > 1 ? decode(sides[1]) : "")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Form decoding: `+` is a space, `%XX` a byte; a malformed escape stays as it is.
    private static func decode(_ text: Substring) -> String {
        var bytes = [UInt8]()
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(32)
            } else if byte == UInt8(ascii: "%"), input.count >= 2, let high = hexValue(input.first!),
                let low = hexValue(input.dropFirst().first!)
            {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A complete response; the server adds `Content-Length` and `Connection`.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []

    init(status: Int, contentType: String, body: String) {
        self.status = status
        headers = [("Content-Type", contentType)]
        self.body = Array(body.utf8)
    }

    /// A plain-text answer (errors and refusals).
    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: message + "\n")
    }

    func serialized(keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(head.utf8) + body
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
