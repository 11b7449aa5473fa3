"""The balance lab: studies of many bot games that answer a designer's questions
(``gamenight study``; docs/lab.md)."""
