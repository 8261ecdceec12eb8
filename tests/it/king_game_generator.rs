//! King Game generator: validity, determinism, seed sensitivity, family coverage and pinned
//! bytes.

use stressjudge::generators::king_game::KingGameGenerator;
use stressjudge::generators::{Generator, Kind};
use stressjudge::problem::rules::king_game::{is_p_position, parse, KingGame};
use stressjudge::problem::rules::BuiltinProblem;

type Position = ((u16, u16), (u16, u16));

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[test]
fn every_kind_passes_the_validator_for_many_seeds() {
    for kind in Kind::ALL {
        let seeds = if kind == Kind::Max { 3 } else { 20 };
        for seed in 0..seeds {
            let input = KingGameGenerator.generate(kind, seed);
            let games = KingGame
                .validate(&input)
                .unwrap_or_else(|e| panic!("{kind} seed {seed}: {e}"));
            assert!(games > 0);
        }
    }
}

#[test]
fn sizes_and_ranges_per_kind() {
    let small = parse(&KingGameGenerator.generate(Kind::Small, 5)).unwrap();
    assert_eq!(small.len(), 2000);
    assert!(small
        .iter()
        .all(|(a, b)| a.0.max(a.1).max(b.0).max(b.1) <= 12));
    let random = parse(&KingGameGenerator.generate(Kind::Random, 5)).unwrap();
    assert_eq!(random.len(), 10_000);
    let max = parse(&KingGameGenerator.generate(Kind::Max, 5)).unwrap();
    assert_eq!(max.len(), 100_000);
    assert!(max
        .iter()
        .all(|(a, b)| a.0.min(a.1).min(b.0).min(b.1) >= 250));
}

#[test]
fn same_kind_and_seed_give_identical_bytes_and_seeds_differ() {
    for kind in Kind::ALL {
        let a = KingGameGenerator.generate(kind, 11);
        assert_eq!(a, KingGameGenerator.generate(kind, 11), "{kind}");
        assert_ne!(a, KingGameGenerator.generate(kind, 12), "{kind}");
    }
}

#[test]
fn edge_inputs_hold_every_family() {
    for seed in 0..5 {
        let games = parse(&KingGameGenerator.generate(Kind::Edge, seed)).unwrap();
        let has = |f: &dyn Fn(&Position) -> bool| games.iter().any(f);
        let g = |s: (u16, u16)| s.0 + s.1;
        let inside = |a: (u16, u16), b: (u16, u16)| b.0 <= a.0 && b.1 <= a.1 && g(a) - g(b) <= 3;
        assert!(
            has(&|&(a, b)| inside(a, b) || inside(b, a)),
            "occupied target"
        );
        assert!(has(&|&(a, b)| a.0 == b.0 && a.0 > 4), "same column");
        assert!(has(&|&(a, b)| a.1 == b.1 && a.1 > 4), "same row");
        assert!(
            has(&|&(a, b)| g(a) == g(b) && g(a) > 8),
            "same anti-diagonal"
        );
        assert!(has(&|&(a, b)| a == (1, 1) || b == (1, 1)), "corner (1,1)");
        assert!(
            has(&|&(a, b)| a == (300, 300) || b == (300, 300)),
            "corner (300,300)"
        );
        assert!(
            has(&|&(a, b)| g(a) > 8 && is_p_position(a, b)),
            "P-position"
        );
        let both_orders = games
            .iter()
            .any(|&(a, b)| g(a) > 8 && games.contains(&(b, a)));
        assert!(both_orders, "both orders");
        for a in 0..16u16 {
            for b in 0..16u16 {
                let pa = (a / 4 + 1, a % 4 + 1);
                let pb = (b / 4 + 1, b % 4 + 1);
                assert!(
                    a == b || games.contains(&(pa, pb)),
                    "origin pair {pa:?} {pb:?}"
                );
            }
        }
    }
}

/// Pinned hashes: a change means every stored seed now names a different input.
#[test]
fn golden_bytes() {
    let cases = [
        (Kind::Small, 1, GOLDEN_SMALL_1),
        (Kind::Random, 7, GOLDEN_RANDOM_7),
        (Kind::Edge, 3, GOLDEN_EDGE_3),
        (Kind::Max, 1, GOLDEN_MAX_1),
    ];
    for (kind, seed, want) in cases {
        let got = fnv1a(KingGameGenerator.generate(kind, seed).as_bytes());
        assert_eq!(got, want, "{kind} {seed}: {got:#018x}");
    }
}

const GOLDEN_SMALL_1: u64 = 0x89ad_eb50_de3b_29b3;
const GOLDEN_RANDOM_7: u64 = 0x66ab_f45a_36e0_adc1;
const GOLDEN_EDGE_3: u64 = 0x69c2_0e4a_3d0a_e539;
const GOLDEN_MAX_1: u64 = 0x6c29_8fed_2716_78b8;
