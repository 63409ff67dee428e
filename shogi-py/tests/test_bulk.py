"""Bulk reading and HCPE/PSV: the same output on any number of threads, the same records as
one at a time, the progress callback, and the stated skips."""

import numpy as np
import pytest

import shogi_kit as sk


def one_at_a_time(record_dir):
    """The records of the folder read one file at a time, as read_records lists them."""
    out = []
    for path in sorted(record_dir.iterdir()):
        if path.suffix in (".csa", ".kif", ".ki2", ".jkf"):
            out.extend(sk.Record.read_all(path.read_bytes()))
    return out


def test_read_records_equals_reading_each_file(record_dir):
    expected = one_at_a_time(record_dir)
    for threads in (1, 2, 3):
        records = sk.read_records(record_dir, threads=threads)
        assert [r.to_usi() for r in records] == [r.to_usi() for r in expected]
        assert [str(r.outcome) for r in records] == [str(r.outcome) for r in expected]


def test_hcpe_entries_are_the_positions_of_the_games(record_dir, games):
    csa_files = sorted(record_dir.glob("*.csa"))
    array = sk.records_to_hcpe(csa_files, threads=2)
    positions, moves, evals, results = sk.decode_hcpe(array)
    expected = []
    for game in games:
        if game.initial_position.variant != "standard":
            continue
        pos = game.initial_position
        for mv in game.moves:
            expected.append((pos.sfen().rsplit(" ", 1)[0], mv.usi, game.outcome.result_code))
            pos.play(mv)
    got = [(p.sfen().rsplit(" ", 1)[0], m.usi, int(r)) for p, m, r in zip(positions, moves, results)]
    assert got == expected
    assert not evals.any()


def test_threads_give_the_same_bytes(record_dir):
    one = sk.records_to_hcpe(record_dir, threads=1)
    assert one.dtype == sk.HCPE_DTYPE and len(one) > 0
    for threads in (2, 4, None):
        assert sk.records_to_hcpe(record_dir, threads=threads).tobytes() == one.tobytes()
    psv = sk.records_to_psv(record_dir, threads=2)
    assert psv.dtype == sk.PSV_DTYPE and len(psv) == len(one)


def test_progress_callback_and_stats(record_dir):
    calls = []
    array, stats = sk.records_to_hcpe(
        record_dir, threads=2, progress=lambda done, total, positions: calls.append((done, total, positions)),
        return_stats=True,
    )
    files = len([p for p in record_dir.iterdir() if p.suffix != ".md"])
    assert calls and calls[-1] == (files, files, len(array))
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))
    assert stats["files"] == files and stats["positions"] == len(array) and stats["failures"] == []


def test_an_exception_in_the_callback_stops_the_run(record_dir):
    def stop(done, total, positions):
        raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        sk.records_to_hcpe(record_dir, threads=2, progress=stop)


def test_games_without_result_and_variants_are_skipped(tmp_path):
    unfinished = sk.Game()
    unfinished.play("7g7f")
    silver = sk.Game.preset("untakeable-silver")
    silver.play("3i3h")
    silver.resign("white")
    finished = sk.Game()
    finished.play("7g7f")
    finished.resign("white")
    for i, g in enumerate([unfinished, silver, finished]):
        (tmp_path / f"{i}.kif").write_text(sk.Record.from_game(g).to_kif(), encoding="utf-8")
    array, stats = sk.records_to_hcpe(tmp_path, return_stats=True)
    assert (stats["games"], stats["no_result"], stats["not_standard"], len(array)) == (3, 1, 1, 1)
    assert int(array[0]["gameResult"]) == 1


def test_lenient_keeps_the_legal_part(tmp_path):
    kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８八飛(82)\n"
    (tmp_path / "bad.kif").write_text(kif, encoding="utf-8")
    with pytest.raises(sk.RecordError, match="line 5"):
        sk.read_records(tmp_path)
    records = sk.read_records(tmp_path, lenient=True)
    assert [m.usi for m in records[0].moves] == ["7g7f", "3c3d", "8h2b+"]
    record = sk.Record.read(kif, lenient=True)
    assert len(record) == 3 and record.lenient_error.startswith("line 5")


def test_record_round_trips(games):
    for game in games[:10]:
        record = sk.Record.from_game(game)
        for text in (record.to_kif(), record.to_ki2(), record.to_csa(), record.to_jkf(), record.to_usi()):
            back = sk.Record.read(text)
            assert back.moves == game.moves
            assert back.start == game.initial_position
        for text in (record.to_kif(), record.to_csa(), record.to_jkf()):
            assert sk.Record.read(text).outcome.winner == game.outcome.winner
        assert sk.Record.read(record.to_kif().encode("cp932")).moves == game.moves


def test_record_fields():
    record = sk.Record()
    record.add_header("Black", "Sente")
    record.add_header("棋戦", "Test Cup")
    for m in ["7g7f", "3c3d"]:
        record.push(m)
    with pytest.raises(sk.IllegalMoveError):
        record.push("7g7f")
    back = sk.Record.read(record.to_kif())
    assert ("Black", "Sente") in back.headers and back.player("black") == "Sente"
    assert back.japanese_moves() == ["▲７六歩", "△３四歩"]
    assert back.western_moves()[0] == "P-7f"
    assert back.handicap == "Even"
    assert back.final_position().sfen().startswith("lnsgkgsnl/1r5b1/pppppp1pp/6p2")
    game = back.to_game(impasse="27")
    assert len(game.moves) == 2
