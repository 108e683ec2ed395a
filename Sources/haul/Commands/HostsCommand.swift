import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `haul hosts`: the connection budgets hosts taught (`LearnedHostBudget`), and `--reset` to forget them.
struct HostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hosts",
        abstract: "Show how many connections each host was learned to accept, or forget it with --reset.",
        discussion: """
            A host that answers 429 or 503 to an extra connection, refuses or resets new connections while others \
            are open, or is no faster with more of them, gets a lower budget; it is kept in the state database, \
            used by later downloads to that host, and eased back up by one connection an hour. BUDGET is the \
            budget now, LEARNED the count learned, KIND 'refused' (binds every download) or 'no faster' (binds \
            only -x auto). HOST is name:port; a name alone means its ports 80 and 443. Forgetting a host nothing \
            was learned about is a usage error (exit 2), and then nothing is forgotten.
            """
    )

    @OptionGroup var state: StateOptions

    @Flag(name: .customLong("json"), help: "One JSON array of objects on standard output.")
    var json = false

    @Flag(name: .customLong("reset"), help: "Forget what the given hosts taught (every host when none is given).")
    var reset = false

    @Argument(help: ArgumentHelp("With --reset: the hosts to forget (name:port, or a name for its ports 80 and 443).", valueName: "host"))
    var hosts: [String] = []

    func validate() throws {
        if !hosts.isEmpty && !reset { throw ValidationError("hosts are given only with --reset (to forget them)") }
        if reset && json { throw ValidationError("--json shows what was learned; it does not go with --reset") }
        for host in hosts where HostKey.keys(named: host).isEmpty {
            throw ValidationError("'\(host)' is not a host: give name:port, or a name alone for its ports 80 and 443")
        }
    }

    func run() async throws {
        let client = try state.client()
        do {
            try show(client)
        } catch {
            await client.shutdownAfterFailure()
            throw error
        }
        try await client.shutdown()
    }

    private func show(_ client: HaulClient) throws {
        if reset { return try forget(in: client) }
        let policy = client.configuration.hostBudgetPolicy
        let table = HostBudgetTable(try client.learnedHostBudgetsBlocking(), now: Date().timeIntervalSince1970, policy: policy)
        if json {
            Terminal.writeOutput(try JSONArrayText.of(table.rows.map(\.jsonObject)))
        } else if table.rows.isEmpty {
            Terminal.writeOutput("nothing learned yet: every host gets \(policy.defaultLimit) connections (state: \(state.directory))\n")
        } else {
            Terminal.writeOutput(table.text())
        }
    }

    /// `--reset [HOST...]`: every host, or the given ones once each is known to have taught something.
    private func forget(in client: HaulClient) throws {
        guard !hosts.isEmpty else {
            let forgotten = try client.forgetHostBudgetsBlocking(hosts: nil)
            Terminal.writeOutput("forgot \(Self.count(forgotten))\n")
            return
        }
        let learned = Set(try client.learnedHostBudgetsBlocking().map(\.host))
        let unknown = hosts.filter { Set(HostKey.keys(named: $0).map(\.description)).isDisjoint(with: learned) }
        if !unknown.isEmpty {
            throw HaulError(.usage, "nothing was learned about \(unknown.joined(separator: ", ")); nothing was forgotten ('haul hosts' lists the hosts)")
        }
        let forgotten = try client.forgetHostBudgetsBlocking(hosts: hosts)
        Terminal.writeOutput("forgot \(Self.count(forgotten))\n")
    }

    private static func count(_ forgotten: Int) -> String {
        forgotten == 1 ? "1 learned host budget" : "\(forgotten) learned host budgets"
    }
}
