import AsyncHTTPClient

/// The streamed body type of AsyncHTTPClient's responses.
typealias AsyncHTTPClientBody = HTTPClientResponse.Body
