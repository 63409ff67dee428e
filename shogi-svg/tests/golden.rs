//! Golden diagrams: each diagram of the kit is written and compared byte for byte with its
//! file in `tests/golden/` (and the README's picture with `docs/example.svg`), read back by a
//! strict XML reader and checked against its setup. `SHOGI_SVG_REGENERATE=1 cargo test -p
//! shogi-svg --test golden` rewrites the files after a deliberate change of the drawing; look
//! at them (`.ci/svg/check` renders them) before committing.

mod kit;

use std::path::{Path, PathBuf};

fn regenerate() -> bool {
    std::env::var_os("SHOGI_SVG_REGENERATE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Compares `svg` with the file, or writes the file when regenerating.
fn compare(path: &Path, svg: &str) {
    if regenerate() {
        std::fs::write(path, svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let want = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (SHOGI_SVG_REGENERATE=1 writes it)", path.display()));
    if want != svg {
        let line = want
            .lines()
            .zip(svg.lines())
            .position(|(a, b)| a != b)
            .map_or(want.lines().count().min(svg.lines().count()), |i| i);
        panic!(
            "{} differs at line {}:\n  file:    {:?}\n  written: {:?}\n(SHOGI_SVG_REGENERATE=1 rewrites it)",
            path.display(),
            line + 1,
            want.lines().nth(line),
            svg.lines().nth(line)
        );
    }
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

#[test]
fn golden_diagrams() {
    let goldens = kit::goldens();
    assert!(goldens.len() >= 12);
    let dir = golden_dir();
    for (name, d) in &goldens {
        let svg = d.to_svg();
        // Deterministic: the same bytes again, and through `write_svg`.
        assert_eq!(d.to_svg(), svg);
        let mut again = String::new();
        d.write_svg(&mut again).expect("a String takes any text");
        assert_eq!(again, svg);
        let (flipped, style, kings) = kit::options_of(name);
        kit::check(&svg, d, flipped, style, kings);
        compare(&dir.join(format!("{name}.svg")), &svg);
    }
    // No stray golden file without its diagram.
    if !regenerate() {
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .expect("tests/golden")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".svg"))
            .collect();
        files.sort();
        let mut names: Vec<String> = goldens.iter().map(|(n, _)| format!("{n}.svg")).collect();
        names.sort();
        assert_eq!(files, names);
    }
}

#[test]
fn readme_picture_is_current() {
    let d = kit::readme_example();
    let svg = d.to_svg();
    kit::check(
        &svg,
        &d,
        false,
        shogi_svg::PieceStyle::Kanji,
        (shogi_svg::KingGlyph::Gyoku, shogi_svg::KingGlyph::Ou),
    );
    compare(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/example.svg"),
        &svg,
    );
}
