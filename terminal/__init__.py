"""The automated gaming table: controller, rules, ledger, seats, display, service mode and lab tools."""
