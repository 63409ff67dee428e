"""Hostile input: garbage SFEN, illegal moves, random bytes as HCP, HCPE and records, a 10 MB
junk file. Each raises a ShogiError (a ValueError) with a message, or is read; nothing
crashes the interpreter, no PanicException, and nothing hangs (each call is timed)."""

import random
import time

import numpy as np
import pytest

import shogi_kit as sk

RNG = random.Random(20261204)


def random_text(n):
    alphabet = "lnsgkrbpLNSGKRBP+!/123456789 bw-*0\n\t#:：７六歩▲△PIV+-%"
    return "".join(RNG.choice(alphabet) for _ in range(n))


def expect_value_error_or_value(fn, *args, **kwargs):
    """Calls fn; a ShogiError must carry a message. Returns whatever came back."""
    start = time.perf_counter()
    try:
        value = fn(*args, **kwargs)
    except sk.ShogiError as e:
        assert isinstance(e, ValueError) and str(e)
        value = e
    assert time.perf_counter() - start < 10, "too slow: a hang?"
    return value


def test_garbage_sfen():
    for _ in range(3000):
        text = random_text(RNG.randrange(0, 120))
        pos = expect_value_error_or_value(sk.Position.from_sfen, text)
        if isinstance(pos, sk.Position):
            assert sk.Position.from_sfen(pos.sfen()) == pos
        expect_value_error_or_value(sk.legal_moves, text)
    for text in ["", " ", "9/9/9/9/9/9/9/9/9 b - 1", "k8/9/9/9/9/9/9/9/8K b - 0",
                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 99999999999999999999P 1",
                 "\x00" * 100, "lnsgkgsnl/" * 1000]:
        with pytest.raises(sk.ShogiError):
            sk.Position.from_sfen(text)


def test_illegal_and_malformed_moves():
    pos = sk.Position.startpos()
    for text in ["", "7g7", "7g7f++", "P*", "K*5e", "+P*5e", "0a0a", "9j9i", "7g7f" * 100, "\u3000"]:
        with pytest.raises(sk.ShogiError):
            pos.play(text)
    for code in [0, 1, 0x7FFF, 0xFFFF, 81 * 128 + 81]:
        with pytest.raises(sk.ShogiError):
            pos.play(code)
        with pytest.raises(sk.ShogiError):
            pos.move_from_move16(code)
    for bad in [None, [], 7.0, b"7g7f"]:
        with pytest.raises(sk.ShogiError):
            pos.play(bad)
    for big in [1 << 70, -1]:
        with pytest.raises(sk.MoveParseError):
            pos.play(big)
    assert pos == sk.Position.startpos()
    for m in ["5a5b", "7g7e", "2h2a", "P*5e"]:
        with pytest.raises(sk.IllegalMoveError):
            pos.play(m)


def test_random_bytes_as_packed_positions():
    valid = 0
    for _ in range(5000):
        data = bytes(RNG.getrandbits(8) for _ in range(32))
        for fn in (sk.Position.from_hcp, sk.Position.from_packed_sfen):
            pos = expect_value_error_or_value(fn, data)
            if isinstance(pos, sk.Position):
                valid += 1
                assert len(pos.legal_moves()) >= 0
    for wrong in [b"", b"\x00" * 31, b"\x00" * 33, np.zeros(64, np.uint8), "x" * 32, 5]:
        with pytest.raises(sk.ShogiError):
            sk.Position.from_hcp(wrong)


def test_random_bytes_as_hcpe_and_psv():
    for n in [1, 10, 100]:
        raw = np.frombuffer(bytes(RNG.getrandbits(8) for _ in range(38 * n)), dtype=sk.HCPE_DTYPE)
        expect_value_error_or_value(sk.decode_hcpe, raw)
        raw = np.frombuffer(bytes(RNG.getrandbits(8) for _ in range(40 * n)), dtype=sk.PSV_DTYPE)
        expect_value_error_or_value(sk.decode_psv, raw)
    with pytest.raises(sk.ShogiError):
        sk.decode_hcpe(np.zeros(5, np.uint8))


def test_random_bytes_and_text_as_records():
    for _ in range(1500):
        data = bytes(RNG.getrandbits(8) for _ in range(RNG.randrange(0, 400)))
        expect_value_error_or_value(sk.Record.read, data)
        expect_value_error_or_value(sk.Record.read, data, lenient=True)
        expect_value_error_or_value(sk.Record.read_all, data)
        text = random_text(RNG.randrange(0, 400))
        expect_value_error_or_value(sk.Record.read, text)
        expect_value_error_or_value(sk.convert, text, "kif", lenient=True)
    for head in ["V2.2\nPI\n+\n", "手合割：平手\n", "{", "position startpos moves ", "▲"]:
        for _ in range(200):
            expect_value_error_or_value(sk.Record.read, head + random_text(RNG.randrange(0, 200)))
    with pytest.raises(sk.RecordError):
        sk.Record.read(12)


def test_ten_megabytes_of_junk(tmp_path):
    junk = tmp_path / "junk.kif"
    rng = np.random.default_rng(7)
    junk.write_bytes(rng.integers(0, 256, 10 * 1024 * 1024, dtype=np.uint8).tobytes())
    text_junk = tmp_path / "junk.csa"
    text_junk.write_text(("+7776FU\n-3334FU\n+8822UM\nP1 garbage\n" * 300000)[: 10 * 1024 * 1024])
    for path in (junk, text_junk):
        start = time.perf_counter()
        with pytest.raises(sk.RecordError):
            sk.Record.read(path.read_bytes())
        array, stats = sk.records_to_hcpe([path], errors="skip", return_stats=True)
        assert len(array) == 0 and stats["failures"]
        with pytest.raises(sk.RecordError):
            sk.records_to_hcpe([path])
        assert time.perf_counter() - start < 60


def test_deep_nesting_in_files_read_on_threads(tmp_path):
    texts = {
        "deep.jkf": '{"header":{},"moves":' + "[" * 200000,
        "deep2.jkf": '{"a":' * 100000 + "1" + "}" * 100000,
        "deep.kif": "手合割：平手\n   1 ７六歩(77)\n" + "変化：1手\n   1 ２六歩(27)\n" * 20000,
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    array, stats = sk.records_to_hcpe(tmp_path, threads=2, errors="skip", return_stats=True)
    assert stats["files"] == 3 and len(array) == 0
    records = sk.read_records(tmp_path, threads=2, errors="skip")
    assert len(records) <= 1


def test_missing_files_and_bad_arguments(tmp_path):
    with pytest.raises(sk.RecordError, match="No such file"):
        sk.records_to_hcpe([tmp_path / "missing.csa"])
    with pytest.raises(sk.ShogiError):
        sk.records_to_hcpe([tmp_path], errors="ignore")
    with pytest.raises(sk.ShogiError):
        sk.encode_hcpe([sk.Position.startpos()], ["7g7f"], [7])
    with pytest.raises(sk.ShogiError):
        sk.encode_hcpe([sk.Position.startpos()], ["7g7f", "3c3d"], [1])
