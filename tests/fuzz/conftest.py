"""The fuzz suite imports its helpers (hostile.py, cli_cases.py) by name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
