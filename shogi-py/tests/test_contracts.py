"""The stateless functions give the output text of the `shogi` command on the same input
(`shogi legal`, `shogi adjudicate`, `shogi convert`, `shogi perft`), run side by side."""

import subprocess

import pytest

import shogi_kit as sk
from conftest import random_game, shogi_binary

SFENS = [
    "startpos",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "4k4/9/9/9/9/9/9/9/9 b 16P 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1",
    "8k/8S!/9/9/9/9/9/9/K6R1 w - 2",
    "9/9/9/9/9/9/9/9/9 b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
    "not an sfen at all",
    "",
]

ADJUDICATE = [
    "position startpos moves 7g7f 3c3d 8h2b+ 4a3b",
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b 9g9f 2b3a",
    "startpos moves 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b",
    "startpos moves 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 7g7f",
    "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b",
    "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b 5a4a",
    "position startpos moves 7g7f declare",
    "position startpos moves 5e5d",
    "position startpos moves 7g7f 7g7f",
    "position sfen garbage",
    "declare",
    "",
]


def run_cli(args, stdin):
    shogi = shogi_binary()
    if shogi is None:
        pytest.skip("no shogi binary (set SHOGI_BIN)")
    return subprocess.run([shogi, *args], input=stdin, capture_output=True, timeout=120)


def test_legal_moves_match_shogi_legal():
    out = run_cli(["legal"], "\n".join(SFENS).encode() + b"\n").stdout.decode().splitlines()
    assert len(out) == len(SFENS)
    for sfen, line in zip(SFENS, out):
        if line.startswith("error: "):
            with pytest.raises(sk.ShogiError) as info:
                sk.legal_moves(sfen)
            assert str(info.value) == line[len("error: "):]
        else:
            assert " ".join(sk.legal_moves(sfen)) == line, sfen


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"impasse": "none"},
        {"impasse": "24", "move_limit": 6, "limit_count": True},
        {"impasse": "24-declaration", "handicap_credit": True},
        {"impasse": "try", "move_limit": 3},
    ],
)
def test_adjudicate_matches_shogi_adjudicate(options, games):
    lines = list(ADJUDICATE)
    lines += [g.initial_position and sk.Record.from_game(g).to_usi() for g in games[:20]]
    args = ["adjudicate", "--impasse", options.get("impasse", "27")]
    if options.get("move_limit"):
        args += ["--move-limit", str(options["move_limit"])]
    if options.get("limit_count"):
        args.append("--limit-count")
    if options.get("handicap_credit"):
        args.append("--handicap-credit")
    out = run_cli(args, "\n".join(lines).encode() + b"\n").stdout.decode().splitlines()
    assert len(out) == len(lines)
    for line, expected in zip(lines, out):
        if expected.startswith("error: "):
            with pytest.raises(sk.ShogiError) as info:
                sk.adjudicate(line, **options)
            assert str(info.value) == expected[len("error: "):], line
        else:
            assert sk.adjudicate(line, **options) == expected, line


@pytest.mark.parametrize("to", ["usi", "sfen", "kif", "ki2", "csa", "jkf", "western", "japanese"])
def test_convert_matches_shogi_convert(to, games, record_dir):
    inputs = [sk.Record.from_game(g).to_kif().encode() for g in games[:4]]
    inputs += [p.read_bytes() for p in sorted(record_dir.glob("*.ki2"))[:2]]
    inputs += [p.read_bytes() for p in sorted(record_dir.glob("*.csa"))[:2]]
    inputs.append(sk.Record.from_game(games[5]).to_kif().encode("cp932"))
    inputs.append(b"position startpos moves 7g7f 3c3d 5e5d\n")
    inputs.append(b"\xff\xfe garbage")
    for data in inputs:
        for lenient in (False, True):
            result = run_cli(["convert", "--to", to] + (["--lenient"] if lenient else []), data)
            if result.returncode == 0:
                assert sk.convert(data, to, lenient=lenient) == result.stdout.decode()
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    continue
                # The same record given as str.
                assert sk.convert(text, to, lenient=lenient) == result.stdout.decode()
            else:
                message = result.stderr.decode().strip().splitlines()[-1]
                with pytest.raises(sk.ShogiError) as info:
                    sk.convert(data, to, lenient=lenient)
                assert "error: " + str(info.value) == message


def test_convert_rejects_an_unknown_format():
    with pytest.raises(sk.ShogiError, match="unknown format"):
        sk.convert("position startpos", "pgn")


@pytest.mark.parametrize("sfen,depth", [("startpos", 3), (SFENS[2], 2), (SFENS[3], 1), (SFENS[4], 2), (SFENS[5], 3)])
def test_perft_matches_shogi_perft(sfen, depth):
    result = run_cli(["perft", str(depth), sfen, "--threads", "1"], b"")
    assert sk.perft(sfen, depth) == int(result.stdout.decode().splitlines()[-1])
    assert sk.perft(sfen, depth, threads=2, hash_mb=16) == sk.perft(sfen, depth)


def test_perft_published_counts():
    # Published counts: startpos depth 4, and the 593-move position at depth 1.
    assert sk.perft("startpos", 4) == 719731
    assert sk.perft(SFENS[3], 1) == 593
    with pytest.raises(sk.SfenError):
        sk.perft("garbage", 1)


def test_records_to_hcpe_is_shogi_dataset(record_dir, tmp_path):
    for fmt, fn in (("hcpe", sk.records_to_hcpe), ("psv", sk.records_to_psv)):
        out = tmp_path / f"out.{fmt}"
        result = run_cli(["dataset", "--format", fmt, "--threads", "2", "--out", str(out), str(record_dir)], b"")
        assert result.returncode == 0, result.stderr
        for threads in (1, 2):
            assert fn(record_dir, threads=threads).tobytes() == out.read_bytes()
