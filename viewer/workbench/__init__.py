"""The workbench without Qt (the midend): :class:`Workbench` holds the map
being worked on and everything about it; a front end shows it and listens
to its events.  See :mod:`.model`."""

from ..declaration import Declaration
from ..registry import declaration
from . import events
from .events import EVENT_TYPES, Events
from .model import Pinned, Workbench, generic_command_line
from .runs import InlineRunner, Outcome, Runner, ThreadRunner

__all__ = ["Workbench", "Pinned", "Declaration", "declaration", "Events", "EVENT_TYPES", "events",
           "Runner", "InlineRunner", "ThreadRunner", "Outcome", "generic_command_line"]
