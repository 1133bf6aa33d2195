//! The README's library quick start is the `bilinear` example, verbatim.

#[test]
fn readme_quick_start_is_the_bilinear_example() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).unwrap();
    let example = include_str!("../examples/bilinear.rs");
    assert!(
        readme.contains(&format!("```rust\n{example}```\n")),
        "README.md's library quick start differs from core/examples/bilinear.rs"
    );
}
