//! David vs David: statement in `shared/problems/david-vs-david.md`. (Skeleton: the reference lands with issue 2.)

use std::time::Duration;

use super::{InputError, Limits, Problem, Sample};

/// The David vs David problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct DavidVsDavid;

impl Problem for DavidVsDavid {
    fn id(&self) -> &'static str {
        "david-vs-david"
    }

    fn title(&self) -> &'static str {
        "David vs David"
    }

    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(2),
            memory_bytes: 256 << 20,
        }
    }

    fn samples(&self) -> Vec<Sample> {
        Vec::new()
    }

    fn validate(&self, _input: &str) -> Result<usize, InputError> {
        Err(InputError::new(1, "not implemented yet"))
    }

    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        self.validate(input).map(|_| Vec::new())
    }

    fn shrink(&self, _input: &str) -> Vec<String> {
        Vec::new()
    }
}
