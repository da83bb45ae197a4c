# Load the spec collector even with PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 (it is also a pytest11
# entry point, registered under this same name, so it is never loaded twice).
pytest_plugins = ["golfcore.conformance.pytest_plugin"]
