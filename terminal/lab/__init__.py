"""The lab's tools: the headless table with bot players, simulation, RNG evidence, software verification."""
