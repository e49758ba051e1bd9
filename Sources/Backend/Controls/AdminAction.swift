/// What an admin request asks for (API.md "Admin API"), by the control that does it.
enum AdminAction: Sendable, Equatable {
    /// `/__admin/requests…`: the journal.
    case journal(JournalControls.Action)
    /// `/__admin/faults…`.
    case faults(RegistryAction)
    /// `/__admin/stubs…`.
    case stubs(RegistryAction)
    /// `/__admin/tokens/expire`, `/__admin/reset`, `/__admin/config`.
    case state(StateControls.Action)
    /// `/__admin/recordings…`: proxied exchanges into stub files.
    case recordings(RecordingControls.Action)
    /// `/__admin/scenarios…`, `/__admin/imports`.
    case mocks(MockControls.Action)
}
