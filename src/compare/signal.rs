//! Names of the signals a crashing candidate commonly dies from, for verdict labels like
//! `RE (SIGSEGV)`.

/// The conventional name of signal `number` (e.g. `SIGSEGV`), or `None` for an unusual one.
pub(crate) fn name(number: i32) -> Option<&'static str> {
    const TABLE: [(i32, &str); 18] = [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGSYS, "SIGSYS"),
    ];
    TABLE.iter().find(|(n, _)| *n == number).map(|(_, s)| *s)
}

/// `SIGSEGV` for a known signal, `signal 42` otherwise.
pub(crate) fn describe(number: i32) -> String {
    name(number).map_or_else(|| format!("signal {number}"), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_signals_are_named() {
        assert_eq!(name(libc::SIGSEGV), Some("SIGSEGV"));
        assert_eq!(name(libc::SIGFPE), Some("SIGFPE"));
        assert_eq!(describe(libc::SIGABRT), "SIGABRT");
        assert_eq!(describe(77), "signal 77");
    }
}
