//! The `stressjudge` binary: parses the command line and maps outcomes to exit codes
//! (0 passed, 1 a candidate failed, 2 usage or input error).

use std::process::ExitCode;

fn main() -> ExitCode {
    stressjudge::cli::main()
}
