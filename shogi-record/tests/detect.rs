//! What the writers of this crate write is detected as the format it is, whatever the header
//! keys: a KIF or KI2 header line that looks like a CSA statement (`-0017GI：x`, `P1：x`), a
//! USI command or JSON must not make the text read as another format.

use proptest::prelude::*;
use shogi_record::{self as record, Format, Header, HeaderKey, Record, csa, jkf, ki2, kif};

/// Keys shaped like the statements of the other formats, and like KIF and KI2 lines.
const KEYS: [&str; 34] = [
    "P1",
    "P9",
    "PI",
    "PI82HI",
    "P+",
    "P-",
    "+",
    "-",
    "-0017GI",
    "+7776FU",
    "-3334FU,T1",
    "N+",
    "N-",
    "N+Sente",
    "$",
    "$EVENT",
    "V2",
    "V2.2",
    "V3.0",
    "'",
    "'CSA encoding=UTF-8",
    "%TORYO",
    "%",
    "T10",
    "/",
    "{",
    "{\"header\"",
    "[",
    "position startpos",
    "startpos",
    "sfen",
    "手数----指手",
    "変化",
    "まで2手で中断",
];

/// A two-move record whose only header has `key`.
fn record_with(key: &str) -> Record {
    let mut rec = record::read_str("position startpos moves 7g7f 3c3d").expect("usi");
    rec.headers
        .push(Header::new(HeaderKey::from_kif_key(key), "x"));
    rec
}

/// Checks that the texts the writers give for `rec` are detected as their formats and read
/// back with the same moves, and that a KIF or KI2 header line written reads back.
fn check(rec: &Record) {
    let key = rec.headers[0].key.kif_key().to_string();
    for (format, text) in [
        (Format::Kif, kif::write(rec)),
        (Format::Ki2, ki2::write(rec)),
        (Format::Csa, csa::write(rec)),
        (Format::Jkf, jkf::write(rec)),
    ] {
        assert_eq!(Format::detect(&text), Some(format), "key {key:?}:\n{text}");
        let back = record::read_str(&text).unwrap_or_else(|e| panic!("key {key:?}: {e}\n{text}"));
        assert_eq!(back.usi_moves(), rec.usi_moves(), "key {key:?}:\n{text}");
        if matches!(format, Format::Kif | Format::Ki2)
            && text.lines().any(|l| l == format!("{key}：x"))
        {
            assert_eq!(back.headers, rec.headers, "key {key:?}:\n{text}");
        }
    }
    let bytes = kif::write_shift_jis(rec);
    let back = record::read(&bytes).unwrap_or_else(|e| panic!("key {key:?}: {e}"));
    assert_eq!(back.usi_moves(), rec.usi_moves(), "key {key:?}");
}

#[test]
fn header_keys_shaped_like_other_formats_do_not_change_the_format() {
    for key in KEYS {
        check(&record_with(key));
        // With no move at all, only the header part is there to detect.
        let mut rec = record_with(key);
        rec.moves.clear();
        check(&rec);
    }
}

#[test]
fn the_banner_decides() {
    let kif = "#KIF version=2.0 encoding=UTF-8\n-0017GI：x\n手合割：平手\n   1 ７六歩(77)\n";
    assert_eq!(Format::detect(kif), Some(Format::Kif));
    let ki2 = "\u{feff}#KI2 version=2.0 encoding=UTF-8\r\nP1：x\r\n▲７六歩\r\n";
    assert_eq!(Format::detect(ki2), Some(Format::Ki2));
    // The case of the report: KI2 with a header after the moves, written as KIF, read back.
    let rec = record::read_str("▲７六歩    △３四歩\n-0017GI：x\n").expect("ki2");
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(
        rec.headers,
        [Header::new(HeaderKey::from_kif_key("-0017GI"), "x")]
    );
    let written = kif::write(&rec);
    assert!(
        written.starts_with("#KIF version=2.0 encoding=UTF-8\n-0017GI：x\n"),
        "{written}"
    );
    assert_eq!(record::read_str(&written).expect("kif"), rec);
    // Without the banner, the first statement decides as before.
    assert_eq!(Format::detect("-0017GI：x\n"), Some(Format::Csa));
    assert_eq!(Format::detect("# a comment\n+7776FU\n"), Some(Format::Csa));
}

/// A key shaped like a CSA statement, JSON or a USI command: no colon, no line end, no blank
/// at either end.
fn csa_like_key() -> impl Strategy<Value = String> {
    prop_oneof![
        "P[1-9I+-][0-9A-Z+* -]{0,8}",
        "[+-]([0-9]{4}[A-Z]{2})?(,T[0-9]{1,3})?",
        "N[+-][A-Za-z]{0,6}",
        "\\$[A-Z_]{0,8}",
        "V[0-9](\\.[0-9])?",
        "'[A-Za-z =*]{0,10}",
        "%[A-Z_+-]{0,10}",
        "T[0-9]{1,4}",
        "[{\\[][\"a-z{}\\[\\],]{0,10}",
        "(position|startpos|sfen)( [a-z0-9]{1,6}){0,2}",
    ]
    .prop_map(|k| k.trim().to_string())
    .prop_filter("a key", |k| !k.is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_csa_like_key_keeps_the_format(key in csa_like_key(), moves in 0usize..3) {
        let mut rec = record_with(&key);
        rec.moves.truncate(moves);
        check(&rec);
    }
}
