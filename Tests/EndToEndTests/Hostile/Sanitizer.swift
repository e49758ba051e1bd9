import Glibc

/// Whether AddressSanitizer or ThreadSanitizer runs in this process (CI runs the suite under both;
/// the `countersign` a `ChildServer` starts is built with the same one).
/// Their shadow memory and quarantine make the resident size several times what the code itself
/// uses, and their checks slow every thread, so memory bounds and tight time bounds do not apply.
enum Sanitizer {
    static let isActive: Bool = {
        let program = dlopen(nil, RTLD_NOW)
        defer { if let program { dlclose(program) } }
        let runtimes: [String] = ["__asan_init", "__tsan_init"]
        return runtimes.contains { dlsym(program, $0) != nil }
    }()
}
