/// Consecutive `aria2.addUri` calls of one `system.multicall`, added as one batch.
///
/// A web page or a script that adds a list sends it as multicalls of adds; each add on its own cost two write
/// transactions of the state database (its record, then its queue state), most of an add's time. Added together
/// (`Aria2Service.add(batch:)`), the records of all of them go in one transaction and their queue states in one
/// more. Each call still has its own secret check and its own answer (a GID or a fault), in order, as if it had
/// been made alone: aria2 answers a multicall's calls one by one, and so do the answers here.
extension RPCEndpoint {
    /// The answers (`[GID]` or a fault struct) of `calls`, each an `aria2.addUri`.
    func addBatch(_ calls: [JSONValue], _ context: CallContext, _ guesses: inout SecretChecks) async -> [JSONValue] {
        var answers: [JSONValue?] = Array(repeating: nil, count: calls.count)
        var commands: [AddURIs] = []
        var placed: [Int] = []
        for (index, call) in calls.enumerated() {
            let params = call["params"]?.arrayValue ?? []
            switch authorize("aria2.addUri", params, context, &guesses) {
            case .failure(let error):
                answers[index] = error.json
            case .success(let arguments):
                do {
                    commands.append(try Aria2Methods.Parameters(method: "aria2.addUri", values: arguments).addURIs())
                    placed.append(index)
                } catch {
                    answers[index] = error.json
                }
            }
        }
        let added = await service.add(batch: commands)
        for (index, result) in zip(placed, added) {
            switch result {
            case .success(let gid): answers[index] = [.string(gid.description)]
            case .failure(let refusal): answers[index] = RPCError.aria2(refusal.message).json
            }
        }
        return answers.map { $0! }
    }
}
