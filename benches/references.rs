//! Benchmark skeleton (`cargo bench --bench references`): prints figures, asserts nothing.

fn main() {
    println!("references benchmark: not written yet");
}
