"""Game records to HCPE shards on a Dask cluster.

The folder's record files are split into shards of consecutive files; each shard is one task,
which calls ``shogi_kit.records_to_hcpe`` on its files (on one Rust thread: Dask gives each task
a worker thread) and writes ``shard-NNNNN.hcpe`` (38-byte entries, cshogi's
``HuffmanCodedPosAndEval``). The shards, concatenated in order, are byte for byte the file that
``records_to_hcpe`` (or ``shogi dataset --format hcpe``) makes of the whole folder in one
process.

    python dask_hcpe.py RECORDS_DIR OUT_DIR [--files-per-shard 8] [--scheduler tcp://host:8786]

Without ``--scheduler`` it starts a ``distributed.LocalCluster`` of 2 worker processes on
127.0.0.1; with it, the same code runs on an existing cluster, whose workers must have the
``shogi-kit`` wheel installed and see RECORDS_DIR and OUT_DIR (a shared file system). Only
paths and small tuples travel between client and workers.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import shogi_kit

#: The extensions read in folders, as ``records_to_hcpe`` and ``shogi dataset`` read them.
RECORD_EXTENSIONS = {".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".usi", ".sfen"}


def list_records(folder) -> list[str]:
    """The record files of ``folder``, recursively, in the order ``records_to_hcpe`` reads a
    folder (each directory's entries sorted by path)."""
    out = []
    for entry in sorted(Path(folder).iterdir()):
        if entry.is_dir():
            out.extend(list_records(entry))
        elif entry.suffix.lower() in RECORD_EXTENSIONS:
            out.append(str(entry))
    return out


def shards(paths: list[str], files_per_shard: int) -> list[list[str]]:
    """Consecutive groups of ``files_per_shard`` files."""
    return [paths[i:i + files_per_shard] for i in range(0, len(paths), files_per_shard)]


def convert_shard(index: int, paths: list[str], out_dir: str) -> tuple[str, int]:
    """One task: the HCPE entries of ``paths`` written to ``out_dir/shard-{index:05}.hcpe``.
    Returns the file written and its number of entries."""
    entries = shogi_kit.records_to_hcpe(paths, threads=1, errors="skip")
    out = os.path.join(out_dir, f"shard-{index:05}.hcpe")
    entries.tofile(out)
    return out, len(entries)


def convert(
    client, records_dir, out_dir, files_per_shard: int = 8, timeout: float | None = None
) -> list[tuple[str, int]]:
    """Runs one ``convert_shard`` task per shard on ``client``'s cluster; returns the shards
    in order (``timeout``: seconds to wait for them, ``None`` for no limit)."""
    from distributed import wait

    module = sys.modules[convert_shard.__module__]
    if module.__name__ != "__main__":
        # Tasks name their function by module: a worker must be able to import this file.
        # (Functions of a script's __main__ travel by value instead.)
        client.upload_file(module.__file__)
    os.makedirs(out_dir, exist_ok=True)
    groups = shards(list_records(records_dir), files_per_shard)
    futures = client.map(
        convert_shard, range(len(groups)), groups, [os.fspath(out_dir)] * len(groups), pure=False
    )
    wait(futures, timeout=timeout)
    return client.gather(futures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--files-per-shard", type=int, default=8)
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    args = parser.parse_args()

    from distributed import Client, LocalCluster

    if args.scheduler:
        client, cluster = Client(args.scheduler), None
    else:
        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0"
        )
        client = Client(cluster)
    try:
        written = convert(client, args.records_dir, args.out_dir, args.files_per_shard)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    total = sum(n for _, n in written)
    print(f"{len(written)} shards, {total} HCPE entries in {args.out_dir}")


if __name__ == "__main__":
    main()
