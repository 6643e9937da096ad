"""The federations' pure rules (no Django): rated-match policies as rules."""
