//! The C ABI for DPI-C (`import "DPI-C"` in `hdl-vectors/tb/tb_dpi_ops.sv`).
//!
//! ```c
//! int texcore_dpi_load_image(const char *kind, const char *path); // "texmem", "op_hdr", "op_smp"
//! int texcore_dpi_sample  (const uint32_t *in, uint32_t *out);
//! int texcore_dpi_sample_c(const uint32_t *in, uint32_t *out);
//! int texcore_dpi_gather  (const uint32_t *in, uint32_t *out);
//! int texcore_dpi_fetch   (const uint32_t *in, uint32_t *out);
//! int texcore_dpi_tmml    (const uint32_t *in, uint32_t *out);
//! int texcore_dpi_store   (const uint32_t *in, uint32_t *out);
//! ```
//!
//! `in` is the unit's **input word** and `out` its **output word** as `svBitVecVal` arrays
//! (32-bit words, least significant first, `ceil(IN_W / 32)` / `ceil(OUT_W / 32)` words —
//! what Verilator passes for `input bit [IN_W-1:0]` / `output bit [OUT_W-1:0]`). The op
//! functions return 1, or 0 (and write zeros) when an image is missing. `load_image` returns
//! 1, or 0 with a message on stderr.
//!
//! Safety: this module is the crate's only `unsafe` code. Each function dereferences the
//! raw pointers it is given, for exactly the number of words the unit's layout defines; the
//! caller (the simulator) guarantees they are valid for that length — which the DPI-C
//! prototype in the testbench, generated from the same layout, ensures. State (the loaded
//! images) lives behind a `Mutex`, so calls from several threads are safe.

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, CStr};
use std::sync::{Mutex, OnceLock};

use texcore_vectors::hex;
use texcore_vectors::op_unit::{eval_packed, OpEnv, OpUnit, Placement};

#[derive(Default)]
struct State {
    texmem: Option<Vec<u8>>,
    hdr: Option<Vec<[u32; 8]>>,
    smp: Option<Vec<[u32; 8]>>,
    env: Option<OpEnv>,
}

fn state() -> &'static Mutex<State> {
    static S: OnceLock<Mutex<State>> = OnceLock::new();
    S.get_or_init(|| Mutex::new(State::default()))
}

fn placements() -> &'static [Placement; 6] {
    static P: OnceLock<[Placement; 6]> = OnceLock::new();
    P.get_or_init(|| OpUnit::ALL.map(|u| Placement::new(&u.fields())))
}

/// Loads an image from a file (safe part of [`texcore_dpi_load_image`]).
pub fn load_image(kind: &str, path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut s = state().lock().map_err(|_| "state poisoned".to_string())?;
    match kind {
        "texmem" => s.texmem = Some(hex::parse_texmem(&text)?),
        "op_hdr" => s.hdr = Some(hex::parse_pool(&text)?),
        "op_smp" => s.smp = Some(hex::parse_pool(&text)?),
        _ => return Err(format!("unknown image kind `{kind}` (texmem, op_hdr, op_smp)")),
    }
    s.env = None;
    Ok(())
}

/// Evaluates one packed vector of `unit` (safe part of the op functions). `false` when an
/// image is missing (outputs zero).
pub fn eval(unit: OpUnit, input: &[u32], output: &mut [u32]) -> bool {
    output.fill(0);
    let Ok(mut s) = state().lock() else { return false };
    if s.env.is_none() {
        let (Some(t), Some(h), Some(m)) = (&s.texmem, &s.hdr, &s.smp) else { return false };
        s.env = Some(OpEnv::new(t.clone(), h.clone(), m.clone()));
    }
    let Some(env) = &s.env else { return false };
    let i = OpUnit::ALL.iter().position(|u| *u == unit).unwrap_or(0);
    eval_packed(unit, &placements()[i], env, input, output);
    true
}

/// Loads `texmem.hex` (`kind` = "texmem"), `op_hdr.hex` ("op_hdr") or `op_smp.hex` ("op_smp").
///
/// # Safety
/// `kind` and `path` must be valid NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_load_image(kind: *const c_char, path: *const c_char) -> c_int {
    if kind.is_null() || path.is_null() {
        return 0;
    }
    // SAFETY: both are non-null NUL-terminated strings (caller contract).
    let (kind, path) = unsafe { (CStr::from_ptr(kind), CStr::from_ptr(path)) };
    match load_image(&kind.to_string_lossy(), &path.to_string_lossy()) {
        Ok(()) => 1,
        Err(e) => {
            eprintln!("texcore_dpi_load_image: {e}");
            0
        }
    }
}

/// Shared body of the op functions.
///
/// # Safety
/// `input` / `output` must be valid for the unit's input / output word lengths.
unsafe fn call(unit: OpUnit, input: *const u32, output: *mut u32) -> c_int {
    if input.is_null() || output.is_null() {
        return 0;
    }
    let i = OpUnit::ALL.iter().position(|u| *u == unit).unwrap_or(0);
    let p = &placements()[i];
    // SAFETY: non-null, valid for these lengths (caller contract), and not aliased (an input
    // and an output argument of one DPI call are distinct variables).
    let (inp, out) = unsafe {
        (std::slice::from_raw_parts(input, p.in_words()), std::slice::from_raw_parts_mut(output, p.out_words()))
    };
    c_int::from(eval(unit, inp, out))
}

/// `sample`: one vector's input word → its output word.
///
/// # Safety
/// See the module docs: `input` holds `ceil(SAMPLE_IN_W / 32)` words, `output`
/// `ceil(SAMPLE_OUT_W / 32)`.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_sample(input: *const u32, output: *mut u32) -> c_int {
    // SAFETY: forwarded caller contract.
    unsafe { call(OpUnit::Sample, input, output) }
}

/// `sample_c`: one vector's input word → its output word.
///
/// # Safety
/// As [`texcore_dpi_sample`], with the `sample_c` widths.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_sample_c(input: *const u32, output: *mut u32) -> c_int {
    // SAFETY: forwarded caller contract.
    unsafe { call(OpUnit::SampleC, input, output) }
}

/// `gather`: one vector's input word → its output word.
///
/// # Safety
/// As [`texcore_dpi_sample`], with the `gather` widths.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_gather(input: *const u32, output: *mut u32) -> c_int {
    // SAFETY: forwarded caller contract.
    unsafe { call(OpUnit::Gather, input, output) }
}

/// `fetch`: one vector's input word → its output word.
///
/// # Safety
/// As [`texcore_dpi_sample`], with the `fetch` widths.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_fetch(input: *const u32, output: *mut u32) -> c_int {
    // SAFETY: forwarded caller contract.
    unsafe { call(OpUnit::Fetch, input, output) }
}

/// `tmml`: one vector's input word → its output word.
///
/// # Safety
/// As [`texcore_dpi_sample`], with the `tmml` widths.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_tmml(input: *const u32, output: *mut u32) -> c_int {
    // SAFETY: forwarded caller contract.
    unsafe { call(OpUnit::Tmml, input, output) }
}

/// `store`: one vector's input word → its output word (STORE / ATOM* as a write-port
/// transaction; texel memory is never modified).
///
/// # Safety
/// As [`texcore_dpi_sample`], with the `store` widths.
#[no_mangle]
pub unsafe extern "C" fn texcore_dpi_store(input: *const u32, output: *mut u32) -> c_int {
    // SAFETY: forwarded caller contract.
    unsafe { call(OpUnit::Store, input, output) }
}
