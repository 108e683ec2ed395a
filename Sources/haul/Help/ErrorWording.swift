import HaulKit

extension HaulError {
    /// The message as `haul` shows it: the library's sentence, plus the remedy worded as this command's options.
    ///
    /// HaulKit names a remedy without saying how to apply it (an app has no `--overwrite`); the wording of the
    /// command line lives here, in the command line.
    var commandLineMessage: String {
        switch remedy {
        case .allowOverwrite?: return message + "; use --overwrite to replace it"
        case .trustCertificateAuthority?: return message + "; for a private authority, pass its certificate with --cacert FILE"
        case .useAKnownDownloadID?: return message + " (see 'haul list')"
        case .renameOnConflict?: return message + "; --on-conflict rename saves this one under a numbered name"
        case nil: return message
        }
    }
}
