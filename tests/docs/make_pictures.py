"""Makes every picture the handbook shows, with what each was made from (manifest.json beside them).

    .venv/bin/python -m tests.docs.make_pictures

runs the two browser walks that take them, side by side on two cores: the demo evening
(tests/browser/handbook/test_first_evening.py, into docs/handbuch/bilder/) and the TV and the rail
(tests/browser/live/test_tv_and_rail.py, into docs/screenshots/). It needs Chromium, as the browser tests do.
The walks write into a temporary folder; only when both passed do their pictures and manifests replace the
handbook's, so a walk that breaks halfway (a renamed button) leaves the old set whole. Not run in CI: the
digest test is, and it names this command when a picture is stale.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.docs.handbook import MANIFEST, PICTURES, ROOT, SCREENSHOTS, manifest, named_pictures

WALKS = (
    "tests/browser/handbook/test_first_evening.py",
    "tests/browser/live/test_tv_and_rail.py::test_screenshots_of_every_tv_screen_and_the_rail",
)


def main() -> int:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="handbook-pictures-") as scratch:
        made = {PICTURES: Path(scratch) / "bilder", SCREENSHOTS: Path(scratch) / "screenshots"}
        env = {
            **os.environ,
            "HANDBOOK_SCREENSHOTS": str(made[PICTURES]),
            "TV_SCREENSHOTS": str(made[SCREENSHOTS]),
            "CI": "true",  # no Chromium is a failure here, not a skip: the pictures would silently stay old
        }
        run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-q", *WALKS], cwd=ROOT, env=env)
        if run.returncode or not all((folder / MANIFEST).exists() for folder in made.values()):
            print(f"\nThe pictures were not all made (pytest said {run.returncode}); the handbook keeps the old ones.")
            return run.returncode or 1
        for folder, new in made.items():
            for picture in [*new.glob("*.png"), new / MANIFEST]:
                shutil.copyfile(picture, folder / picture.name)
    listed = {(folder / name).resolve() for folder in made for name in manifest(folder)}
    missing = sorted(str(path.relative_to(ROOT)) for path in named_pictures() if path not in listed)
    if missing:
        print(f"\nThe handbook shows pictures no walk makes: {', '.join(missing)}")
        return 1
    print(f"\n{len(listed)} pictures made in {time.monotonic() - started:.0f} s. Commit them with the two {MANIFEST}:")
    print(f"  git add {PICTURES.relative_to(ROOT)} {SCREENSHOTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
