//! What the name of a `submissions/<folder>` promises, in the conventions of the Kattis format
//! (legacy and 2023-07 / 2025-09), DOMjudge and BAPCtools.

use super::FormatVersion;
use crate::judge::expectation_model::Expectation;
use crate::judge::Verdict;

/// The expectation of a `submissions/<category>` folder in `format`, or `None` for a folder
/// name no convention gives a meaning to.
///
/// Kattis (2025-09 "Default directories"; legacy "Example submissions"):
/// - `accepted`: every test AC.
/// - `wrong_answer`: AC or WA, at least one WA (both formats).
/// - `time_limit_exceeded`: at least one TLE; the others AC (2025-09), or AC or WA (legacy:
///   "may also give wrong answer but not crash").
/// - `run_time_error`: at least one RTE; the others AC (2025-09), or anything (legacy: "crashes
///   for some test case").
/// - `rejected` (2025-09, accepted in legacy folders too): at least one non-AC.
/// - `brute_force` (2025-09): never WA, at least one RTE or TLE.
/// - `partially_accepted` (legacy scoring problems; problemtools): every test AC or rejected,
///   but a score below the maximum (checked by [`Expectation::partial_score`]).
///
/// DOMjudge (webapp `SubmissionService::PROBLEM_RESULT_REMAP` maps folder names to results;
/// its judging stops at the first rejected test, so these promise the final verdict):
/// `compiler_error` (CE), `no_output` (DOMjudge's NO-OUTPUT, a wrong answer with an empty
/// output: WA here), `output_limit` / `output_limit_exceeded` (OLE), `memory_limit` /
/// `memory_limit_exceeded` (MLE), `check_manually` (anything: a human decides).
///
/// BAPCtools-style short names: `ac`, `wa`, `tle`, `rte` / `re`, `mle`, `ole`, `ce`, and
/// combinations `X_or_Y` (`ac_or_wa`, `wa_or_tle`, also with dashes as Polygon writes
/// `wrong-answer-or-accepted`): every test is one of them, at least one is not AC unless AC
/// is among them.
///
/// In a legacy package, problemtools' five folders promise the submission's graded final
/// verdict ([`Expectation::graded_final`]), the rules above only warn: see [`problemtools_final`].
pub fn folder_expectation(category: &str, format: FormatVersion) -> Option<Expectation> {
    let mut expectation = folder_rule(category, format)?;
    if format == FormatVersion::Legacy {
        expectation.graded_final = problemtools_final(category);
    }
    Some(expectation)
}

/// The graded final verdict problemtools requires of a legacy folder (`Submissions._VERDICTS`
/// and `check_submission` in `verifyproblem.py`: `accepted` AC, `partially_accepted` AC below
/// the best score, `wrong_answer` WA, `run_time_error` RTE, `time_limit_exceeded` TLE; the
/// result compared is the root group's, last of `SubmissionJudge.judge`), or `None` for a folder
/// problemtools does not read.
fn problemtools_final(category: &str) -> Option<std::collections::BTreeSet<Verdict>> {
    use Verdict::*;
    let verdict = match category {
        "accepted" | "partially_accepted" => AC,
        "wrong_answer" => WA,
        "run_time_error" => RE,
        "time_limit_exceeded" => TLE,
        _ => return None,
    };
    Some(crate::judge::expectation_model::verdict_set(&[verdict]))
}

fn folder_rule(category: &str, format: FormatVersion) -> Option<Expectation> {
    use Verdict::*;
    let legacy = format == FormatVersion::Legacy;
    Some(match category {
        "accepted" => Expectation::folder(&[AC], &[], "AC"),
        "wrong_answer" => Expectation::folder(&[AC, WA], &[WA], "WA"),
        "time_limit_exceeded" if legacy => Expectation::folder(&[AC, WA, TLE], &[TLE], "TLE"),
        "time_limit_exceeded" => Expectation::folder(&[AC, TLE], &[TLE], "TLE"),
        "run_time_error" if legacy => Expectation::folder(&[AC, WA, TLE, RE], &[RE], "RE"),
        "run_time_error" => Expectation::folder(&[AC, RE], &[RE], "RE"),
        "rejected" => Expectation::folder(&[AC, WA, TLE, RE], &[WA, TLE, RE], "not AC"),
        "brute_force" => Expectation::folder(&[AC, TLE, RE], &[TLE, RE], "TLE/RE"),
        "partially_accepted" => {
            let mut e = Expectation::folder(&[AC, WA, TLE, RE], &[], "partial");
            e.partial_score = true;
            e
        }
        "memory_limit_exceeded" | "memory_limit" => Expectation {
            label: "MLE".into(),
            ..Expectation::any_of(&[MLE])
        },
        "output_limit_exceeded" | "output_limit" => Expectation {
            label: "OLE".into(),
            ..Expectation::any_of(&[OLE])
        },
        "compiler_error" | "compile_error" => Expectation {
            label: "CE".into(),
            ..Expectation::any_of(&[CE])
        },
        "no_output" => Expectation {
            label: "WA (no output)".into(),
            ..Expectation::any_of(&[WA])
        },
        "check_manually" => Expectation {
            label: "any (check manually)".into(),
            ..Expectation::any_of(&[AC, WA, TLE, RE, CE])
        },
        other => return short_names(other, format),
    })
}

/// `wa`, `ac_or_wa`, `time-limit-exceeded-or-accepted`, ...
fn short_names(name: &str, format: FormatVersion) -> Option<Expectation> {
    let words: Vec<&str> = name.split(['_', '-']).collect();
    let parts: Vec<String> = words
        .split(|w| *w == "or")
        .map(|part| part.join("_"))
        .collect();
    let mut verdicts = Vec::new();
    for part in &parts {
        verdicts.push(short_verdict(part)?);
    }
    if parts.len() == 1 {
        // A short alias of one long name (`wa` is `wrong_answer`).
        let long = match verdicts[0] {
            Verdict::AC => "accepted",
            Verdict::WA => "wrong_answer",
            Verdict::TLE => "time_limit_exceeded",
            Verdict::RE => "run_time_error",
            Verdict::MLE => "memory_limit_exceeded",
            Verdict::OLE => "output_limit_exceeded",
            Verdict::CE => "compiler_error",
        };
        return (long != name).then(|| folder_rule(long, format))?;
    }
    let mut permitted = verdicts.clone();
    let required = if verdicts.contains(&Verdict::AC) {
        Vec::new()
    } else {
        permitted.push(Verdict::AC);
        verdicts.clone()
    };
    let label = verdicts
        .iter()
        .map(|v| v.expectation_name())
        .collect::<Vec<_>>()
        .join("|");
    Some(Expectation::folder(&permitted, &required, &label))
}

fn short_verdict(word: &str) -> Option<Verdict> {
    use Verdict::*;
    Some(match word {
        "ac" | "accepted" | "ok" | "correct" => AC,
        "wa" | "wrong_answer" | "wrong" => WA,
        "tle" | "time_limit_exceeded" | "timelimit" => TLE,
        "rte" | "re" | "run_time_error" | "runtime_error" | "run_error" => RE,
        "mle" | "memory_limit_exceeded" | "memory_limit" => MLE,
        "ole" | "output_limit_exceeded" | "output_limit" => OLE,
        "ce" | "compiler_error" | "compile_error" | "compilation_error" => CE,
        _ => return None,
    })
}

/// The folder names listed first, in this order (accepted first, as problemtools checks them:
/// the time limit depends on the accepted ones); other folders follow in name order.
pub const FOLDER_ORDER: &[&str] = &[
    "accepted",
    "partially_accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "memory_limit_exceeded",
    "output_limit_exceeded",
    "rejected",
    "brute_force",
];

/// The default folders of 2025-09 whose rules `submissions.yaml` may override key by key.
pub const SPEC_DEFAULT_FOLDERS: &[&str] = &[
    "accepted",
    "rejected",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "brute_force",
];

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;

    fn met(category: &str, format: FormatVersion, verdicts: &[Verdict]) -> bool {
        folder_expectation(category, format)
            .unwrap()
            .is_met_by(verdicts.iter().copied())
    }

    #[test]
    fn domjudge_and_bapctools_names() {
        let f = FormatVersion::Legacy;
        assert!(met("wa", f, &[AC, WA]));
        assert!(!met("wa", f, &[AC]));
        assert!(met("tle", f, &[TLE]));
        assert!(met("ac_or_wa", f, &[AC, WA]));
        assert!(met("ac_or_wa", f, &[AC]));
        assert!(!met("ac_or_wa", f, &[TLE]));
        assert!(met("wa_or_tle", f, &[AC, TLE]));
        assert!(!met("wa_or_tle", f, &[AC]));
        assert!(met("time-limit-exceeded-or-accepted", f, &[AC]));
        assert!(met("no_output", f, &[WA, TLE]));
        assert!(met("output_limit", f, &[AC, OLE]));
        assert!(met("check_manually", f, &[TLE]));
        assert_eq!(folder_expectation("ac_or_wa", f).unwrap().label, "AC|WA");
        assert!(folder_expectation("python2", f).is_none());
        assert!(folder_expectation("mixed-verdicts", f).is_none());
        assert!(folder_expectation("or", f).is_none());
    }

    #[test]
    fn accepted_means_every_test_accepted() {
        for format in [FormatVersion::Legacy, FormatVersion::V2023_07] {
            assert!(met("accepted", format, &[AC, AC]));
            assert!(met("accepted", format, &[]));
            assert!(!met("accepted", format, &[AC, TLE]));
        }
    }

    #[test]
    fn a_memory_overrun_satisfies_run_time_error_as_on_kattis() {
        for format in [FormatVersion::Legacy, FormatVersion::V2023_07] {
            assert!(met("run_time_error", format, &[AC, MLE]));
            assert!(met("run_time_error", format, &[RE]));
            assert!(met("run_time_error", format, &[OLE, AC]));
            assert!(!met("run_time_error", format, &[AC, AC]));
        }
        assert!(met(
            "memory_limit_exceeded",
            FormatVersion::Legacy,
            &[AC, MLE]
        ));
        assert!(!met(
            "memory_limit_exceeded",
            FormatVersion::Legacy,
            &[AC, RE]
        ));
    }

    #[test]
    fn the_formats_differ_on_what_else_tle_and_rte_submissions_may_do() {
        let (legacy, modern) = (FormatVersion::Legacy, FormatVersion::V2023_07);
        assert!(met("time_limit_exceeded", legacy, &[WA, TLE]));
        assert!(!met("time_limit_exceeded", modern, &[WA, TLE]));
        assert!(!met("time_limit_exceeded", legacy, &[RE, TLE]));
        assert!(met("run_time_error", legacy, &[WA, RE]));
        assert!(!met("run_time_error", modern, &[WA, RE]));
        assert!(!met("wrong_answer", legacy, &[WA, TLE]));
    }

    #[test]
    fn rejected_and_brute_force() {
        let f = FormatVersion::V2023_07;
        assert!(met("rejected", f, &[AC, WA]));
        assert!(met("rejected", f, &[MLE]));
        assert!(!met("rejected", f, &[AC]));
        assert!(met("brute_force", f, &[AC, TLE]));
        assert!(!met("brute_force", f, &[WA, TLE]));
    }
}
