//! Run-time choice of the bit-manipulation instructions for the hot counting loops.
//!
//! Portable x86-64 builds may not assume `popcnt`, `lzcnt` or `tzcnt` (BMI1), so counting and
//! scanning the bits of a bitboard take many instructions. Every x86-64 CPU made since about
//! 2013 has them; the bulk counting paths (`perft`, `count_legal_moves`) are compiled a second
//! time with these features enabled and chosen at run time when the CPU has them.

/// Whether the CPU has `popcnt`, `lzcnt` and BMI1 (checked once, then cached by std).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline]
pub(crate) fn has_fast_bit_ops() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
}
