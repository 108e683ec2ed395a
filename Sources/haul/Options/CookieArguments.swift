import ArgumentParser

/// `CookieOptions` as ArgumentParser reads them, for `haul get`.
struct CookieArguments: ParsableArguments {
    @Option(name: .customLong("load-cookies"), help: ArgumentHelp("Send the cookies of this Netscape cookies.txt file (as browsers export it, and curl and wget write it) that match each URL.", valueName: "FILE"))
    var cookieFile: String?

    @Option(name: [.customShort("b", allowingJoined: true), .customLong("cookie")], help: ArgumentHelp("Send these cookies to the download's own host (repeatable).", valueName: "'NAME=VALUE; ...'"))
    var cookies: [String] = CookieOptions.defaults.cookies

    @Option(name: .customLong("referer"), help: ArgumentHelp("The Referer header; '*' is the download's own URL (as in aria2c).", valueName: "URL"))
    var referer: String?

    /// The plain value these arguments give.
    var options: CookieOptions {
        CookieOptions(
            cookieFile: cookieFile, cookies: cookies, referer: referer
        )
    }

    func validate() throws { try options.validate() }
}
