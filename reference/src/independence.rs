//! The independence rule of the crate docs, checked on the oracle modules' source text.

/// The texcore paths each oracle module may name: descriptor types and the memory
/// layout functions (see the crate docs).
const ALLOWED: [&str; 2] = ["texcore::descriptor", "texcore::memory"];

fn allowed(p: &str) -> bool {
    ALLOWED.iter().any(|a| p == *a || p.strip_prefix(a).is_some_and(|r| r.starts_with("::")))
}

fn texcore_paths(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = src;
    while let Some(i) = rest.find("texcore::") {
        let tail = &rest[i..];
        let end = tail.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(tail.len());
        out.push(tail[..end].to_string());
        rest = &tail[end..];
    }
    out
}

#[test]
fn oracle_modules_name_only_descriptor_and_layout_items_of_texcore() {
    let memory_items = ["texel_address", "texture_bytes", "TexelCoord"];
    for (name, src) in [
        ("texture.rs", include_str!("texture.rs")),
        ("sampling.rs", include_str!("sampling.rs")),
        ("rng.rs", include_str!("rng.rs")),
    ] {
        for p in texcore_paths(src) {
            assert!(allowed(&p), "{name} names `{p}`: not a descriptor type or layout function");
        }
        // `use texcore::memory::{…}` may only bring in the layout items.
        for line in src.lines().filter(|l| l.contains("texcore::memory::")) {
            let list = line.split("texcore::memory::").nth(1).unwrap_or("");
            for item in list.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|s| !s.is_empty()) {
                assert!(memory_items.contains(&item), "{name} uses texcore::memory::{item}");
            }
        }
    }
}

#[test]
fn the_scan_finds_model_paths() {
    // The check above is not vacuous: a model call is seen.
    let p = texcore_paths("let x = texcore::op::sample::sample_quad(a); use texcore::lod::compute;");
    assert_eq!(p, ["texcore::op::sample::sample_quad", "texcore::lod::compute"]);
    assert!(!p.iter().any(|p| allowed(p)));
    assert!(allowed("texcore::memory") && !allowed("texcore::memoryless::x"));
}
