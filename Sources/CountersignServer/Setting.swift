/// One setting of `countersign serve`: its flag, its environment variable, its default as shown in
/// `--help`, and how a value is applied.
struct Setting: Sendable {
    /// The flag without dashes, such as `port`.
    let name: String
    /// What the value means and accepts.
    let help: String
    /// Whether the flag may stand alone, meaning "on".
    let isSwitch: Bool
    /// Applies a value or throws a reason (without the source, which the parser adds).
    let apply: @Sendable (inout Configuration, String) throws(SettingRejection) -> Void

    init(_ name: String, _ help: String, isSwitch: Bool = false,
         _ apply: @escaping @Sendable (inout Configuration, String) throws(SettingRejection) -> Void) {
        self.name = name
        self.help = help
        self.isSwitch = isSwitch
        self.apply = apply
    }

    /// `--port`.
    var flag: String { "--" + name }
    /// `COUNTERSIGN_PORT`.
    var environmentVariable: String { "COUNTERSIGN_" + name.uppercased().replacingDashes() }
}

/// Why a value was refused, worded for the user.
struct SettingRejection: Error {
    let reason: String
}

extension String {
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
