//! Games, tournaments and statistics. Built in a later issue.
