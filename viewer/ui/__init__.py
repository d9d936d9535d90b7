"""The Qt workbench: main window, parameter panel, map view, timeline,
inspector, fairness panel and the worker that runs engines off the GUI
thread.  Start it with :func:`viewer.ui.app.main`."""
