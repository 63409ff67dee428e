//! `Record::read_all`: every game of a file, whatever its format.

use shogi_record::Record;
use shogi_record::{self as record, RecordErrorKind, jkf, kif};

#[test]
fn csa_files_give_each_game() {
    let csa = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n+9997KY\n/\nPI\n+\n+2726FU\n%CHUDAN\n";
    let games = Record::read_all(csa.as_bytes()).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
    assert_eq!(
        games[0].as_ref().unwrap(),
        &record::read(csa.as_bytes()).unwrap()
    );
    // The second game holds an illegal move; the third is read all the same.
    let err = games[1].as_ref().unwrap_err();
    assert!(
        matches!(err.kind(), RecordErrorKind::IllegalMove { ply: 3, .. }),
        "{err}"
    );
    assert_eq!(games[2].as_ref().unwrap().moves.len(), 1);
}

#[test]
fn usi_files_give_one_game_per_line() {
    let usi = "position startpos moves 7g7f 3c3d\r\n\r\nstartpos moves 2g2f\nposition sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b\nposition startpos moves 7g7x\n";
    let games = Record::read_all(usi.as_bytes()).unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
    assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
    assert_eq!(
        games[2].as_ref().unwrap().usi_moves(),
        ["G*5b".parse().unwrap()]
    );
    let err = games[3].as_ref().unwrap_err();
    assert_eq!(err.line(), 5);
    assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)), "{err}");
}

#[test]
fn kif_ki2_and_jkf_files_hold_one_game() {
    let rec = record::read_str("position startpos moves 7g7f 3c3d 8h2b+").unwrap();
    for text in [
        kif::write(&rec),
        shogi_record::ki2::write(&rec),
        jkf::write(&rec),
    ] {
        let games = Record::read_all(text.as_bytes()).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().unwrap().usi_moves(), rec.usi_moves());
    }
    // Shift_JIS bytes.
    let games = Record::read_all(&kif::write_shift_jis(&rec)).unwrap();
    assert_eq!(games[0].as_ref().unwrap().usi_moves(), rec.usi_moves());
}

#[test]
fn the_whole_file_fails_for_unknown_bytes() {
    let err = Record::read_all(b"hello").unwrap_err();
    assert_eq!(err.kind(), &RecordErrorKind::UnknownFormat);
    let err = Record::read_all(b"\xff\xff\xff").unwrap_err();
    assert_eq!(err.kind(), &RecordErrorKind::Encoding);
    assert!(Record::read_all(b"").is_err());
}

/// `read_all_lenient`: each game as `read_lenient` reads it, so a game with an illegal or
/// unreadable move keeps its moves before it, and the other games are read as they are.
#[test]
fn lenient_games_keep_the_moves_before_a_bad_one() {
    let csa = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n+9997KY\n%TORYO\n/\nPI\n+\n+2726FU\n%CHUDAN\n";
    let strict = Record::read_all(csa.as_bytes()).unwrap();
    let lenient = Record::read_all_lenient(csa.as_bytes()).unwrap();
    assert_eq!(lenient.len(), 3);
    for i in [0, 2] {
        let (rec, error) = lenient[i].as_ref().unwrap();
        assert_eq!(Some(rec), strict[i].as_ref().ok(), "game {i}");
        assert!(error.is_none());
    }
    // The second game: what read_lenient gives for that game alone.
    let second = "PI\n+\n+2726FU\n-8384FU\n+9997KY\n%TORYO\n";
    let (alone, alone_error) = record::read_lenient(second.as_bytes()).unwrap();
    let (rec, error) = lenient[1].as_ref().unwrap();
    assert_eq!(
        rec.usi_moves(),
        ["2g2f".parse().unwrap(), "8c8d".parse().unwrap()]
    );
    assert_eq!(rec.usi_moves(), alone.usi_moves());
    assert_eq!(rec.ending, None, "the ending after the bad move is dropped");
    let error = error.as_ref().unwrap();
    assert!(
        matches!(error.kind(), RecordErrorKind::IllegalMove { ply: 3, .. }),
        "{error}"
    );
    assert_eq!(Some(error), strict[1].as_ref().err());
    assert_eq!(
        error.kind(),
        alone_error.as_ref().map(|e| e.kind()).unwrap()
    );

    // USI lines: an illegal move keeps the moves before it; an unreadable line does not.
    let usi = "position startpos moves 7g7f 7g7f\nposition sfen nonsense moves 7g7f\n";
    let lenient = Record::read_all_lenient(usi.as_bytes()).unwrap();
    assert_eq!(lenient.len(), 2);
    let (rec, error) = lenient[0].as_ref().unwrap();
    assert_eq!(rec.moves.len(), 1);
    assert_eq!(error.as_ref().unwrap().line(), 1);
    assert_eq!(lenient[1].as_ref().unwrap_err().line(), 2);

    // The whole file fails as in read_all.
    assert_eq!(
        Record::read_all_lenient(b"hello").unwrap_err().kind(),
        &RecordErrorKind::UnknownFormat
    );
}
