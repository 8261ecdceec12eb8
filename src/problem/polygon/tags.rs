//! Polygon's solution tags and the per-test verdicts each one allows, in the terms of the
//! Kattis expectations verify already checks ([`Expectation`]: every test's verdict permitted,
//! at least one required).
//!
//! Polygon's invocation page marks a solution whose verdicts contradict its tag; the rules
//! here follow its tag names: `main` and `accepted` pass every test; `wrong-answer`,
//! `presentation-error`, `time-limit-exceeded`, `memory-limit-exceeded` and `failed` (a crash)
//! get that verdict on some test and pass the others; `time-limit-exceeded-or-accepted` may
//! pass everything; `time-limit-exceeded-or-memory-limit-exceeded` gets one of the two somewhere;
//! `rejected` fails somewhere, any way. stressjudge's testlib checker reports a presentation
//! error (exit 2) as a wrong answer, so `presentation-error` is kept by a WA.

use crate::judge::expectation_model::Expectation;
use crate::judge::Verdict;

/// A solution's tag in `problem.xml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// `main`: the reference, accepted.
    Main,
    /// `accepted`.
    Accepted,
    /// `wrong-answer`.
    WrongAnswer,
    /// `presentation-error`.
    PresentationError,
    /// `time-limit-exceeded`.
    TimeLimitExceeded,
    /// `time-limit-exceeded-or-accepted`.
    TimeLimitExceededOrAccepted,
    /// `time-limit-exceeded-or-memory-limit-exceeded`.
    TimeLimitExceededOrMemoryLimitExceeded,
    /// `memory-limit-exceeded`.
    MemoryLimitExceeded,
    /// `failed`: a run-time error.
    Failed,
    /// `rejected`: anything but accepted.
    Rejected,
}

/// Every tag with its name in `problem.xml`.
const NAMES: [(Tag, &str); 10] = [
    (Tag::Main, "main"),
    (Tag::Accepted, "accepted"),
    (Tag::WrongAnswer, "wrong-answer"),
    (Tag::PresentationError, "presentation-error"),
    (Tag::TimeLimitExceeded, "time-limit-exceeded"),
    (
        Tag::TimeLimitExceededOrAccepted,
        "time-limit-exceeded-or-accepted",
    ),
    (
        Tag::TimeLimitExceededOrMemoryLimitExceeded,
        "time-limit-exceeded-or-memory-limit-exceeded",
    ),
    (Tag::MemoryLimitExceeded, "memory-limit-exceeded"),
    (Tag::Failed, "failed"),
    (Tag::Rejected, "rejected"),
];

impl Tag {
    /// The tag a `tag` attribute names (case-insensitive, `_` read as `-`, as the `.desc` files
    /// write `TIME_LIMIT_EXCEEDED_OR_ACCEPTED`).
    pub fn parse(text: &str) -> Option<Tag> {
        let wanted = text.trim().to_ascii_lowercase().replace('_', "-");
        NAMES.iter().find(|(_, n)| *n == wanted).map(|(t, _)| *t)
    }

    /// Its name in `problem.xml`.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(t, _)| *t == self)
            .map(|(_, n)| *n)
            .unwrap_or("rejected")
    }

    /// The known names, for error messages.
    pub fn known() -> String {
        NAMES.iter().map(|(_, n)| *n).collect::<Vec<_>>().join(", ")
    }

    /// A short label for tables: `AC`, `TLE/AC`, `not AC`.
    pub fn label(self) -> &'static str {
        match self {
            Tag::Main | Tag::Accepted => "AC",
            Tag::WrongAnswer => "WA",
            Tag::PresentationError => "PE",
            Tag::TimeLimitExceeded => "TLE",
            Tag::TimeLimitExceededOrAccepted => "TLE/AC",
            Tag::TimeLimitExceededOrMemoryLimitExceeded => "TLE/MLE",
            Tag::MemoryLimitExceeded => "MLE",
            Tag::Failed => "RE",
            Tag::Rejected => "not AC",
        }
    }

    /// What its per-test verdicts must satisfy.
    pub fn expectation(self) -> Expectation {
        use Verdict::*;
        let (permitted, required): (&[Verdict], &[Verdict]) = match self {
            Tag::Main | Tag::Accepted => (&[AC], &[]),
            Tag::WrongAnswer | Tag::PresentationError => (&[AC, WA], &[WA]),
            Tag::TimeLimitExceeded => (&[AC, TLE], &[TLE]),
            Tag::TimeLimitExceededOrAccepted => (&[AC, TLE], &[]),
            Tag::TimeLimitExceededOrMemoryLimitExceeded => (&[AC, TLE, MLE], &[TLE, MLE]),
            Tag::MemoryLimitExceeded => (&[AC, MLE], &[MLE]),
            Tag::Failed => (&[AC, RE], &[RE]),
            Tag::Rejected => (&[AC, WA, TLE, RE, MLE, OLE], &[WA, TLE, RE, MLE, OLE]),
        };
        let mut expectation = Expectation::folder(permitted, required, self.label());
        // Codeforces tells a crash from a memory overrun, so Kattis' crash rule (an overrun
        // counts as a run-time error) does not apply to Polygon tags: the sets stay as written.
        for rule in &mut expectation.rules {
            rule.permitted = Some(permitted.iter().copied().collect());
            rule.required = (!required.is_empty()).then(|| required.iter().copied().collect());
            rule.origin = format!("problem.xml tag {}", self.name());
        }
        expectation
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;

    #[test]
    fn names_round_trip_and_desc_spellings_parse() {
        for (tag, name) in NAMES {
            assert_eq!(Tag::parse(name), Some(tag));
            assert_eq!(tag.name(), name);
        }
        assert_eq!(
            Tag::parse("TIME_LIMIT_EXCEEDED_OR_ACCEPTED"),
            Some(Tag::TimeLimitExceededOrAccepted)
        );
        assert_eq!(Tag::parse("partially-correct"), None);
    }

    #[test]
    fn each_tag_keeps_its_own_verdicts_only() {
        let met = |tag: Tag, v: &[Verdict]| tag.expectation().is_met_by(v.iter().copied());
        assert!(met(Tag::Main, &[AC, AC]));
        assert!(!met(Tag::Accepted, &[AC, TLE]));
        assert!(met(Tag::WrongAnswer, &[AC, WA]));
        assert!(!met(Tag::WrongAnswer, &[AC, TLE]));
        assert!(!met(Tag::WrongAnswer, &[AC]));
        assert!(met(Tag::TimeLimitExceeded, &[TLE]));
        assert!(!met(Tag::TimeLimitExceeded, &[WA, TLE]));
        assert!(met(Tag::TimeLimitExceededOrAccepted, &[AC]));
        assert!(met(Tag::TimeLimitExceededOrAccepted, &[AC, TLE]));
        assert!(!met(Tag::TimeLimitExceededOrAccepted, &[WA]));
        assert!(met(Tag::TimeLimitExceededOrMemoryLimitExceeded, &[MLE]));
        assert!(!met(Tag::TimeLimitExceededOrMemoryLimitExceeded, &[AC]));
        assert!(met(Tag::MemoryLimitExceeded, &[AC, MLE]));
        assert!(met(Tag::Failed, &[RE]));
        assert!(!met(Tag::Failed, &[MLE]));
        assert!(met(Tag::Rejected, &[AC, OLE]));
        assert!(!met(Tag::Rejected, &[AC]));
    }
}
