//! UTC dates and times from the system clock, for PGN tags and reports,
//! without a time-zone crate: days since 1970 to a civil date after
//! H. Hinnant's algorithm.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// (year, month, day) of a count of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    (year_of_era + era * 400 + (month <= 2) as i64, month, day)
}

fn since_epoch(time: SystemTime) -> Duration {
    time.duration_since(UNIX_EPOCH).unwrap_or_default()
}

/// `YYYY.MM.DD`, the PGN `Date` form.
pub fn pgn_date(time: SystemTime) -> String {
    let (year, month, day) = civil_from_days((since_epoch(time).as_secs() / 86_400) as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// `YYYY-MM-DDTHH:MM:SS.mmm UTC`, as cutechess writes `GameStartTime`.
pub fn timestamp(time: SystemTime) -> String {
    let elapsed = since_epoch(time);
    let seconds = elapsed.as_secs();
    let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
    let of_day = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03} UTC",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60,
        elapsed.subsec_millis()
    )
}

/// `HH:MM:SS`, as cutechess writes `GameDuration`.
pub fn duration_hms(duration: Duration) -> String {
    let seconds = duration.as_secs();
    format!("{:02}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_instants_format_as_expected() {
        assert_eq!(pgn_date(UNIX_EPOCH), "1970.01.01");
        // 2024-02-29T23:59:58.250 UTC: a leap day.
        let leap = UNIX_EPOCH + Duration::from_millis(1_709_251_198_250);
        assert_eq!(timestamp(leap), "2024-02-29T23:59:58.250 UTC");
        assert_eq!(pgn_date(leap + Duration::from_secs(2)), "2024.03.01");
        assert_eq!(duration_hms(Duration::from_secs(3 * 3600 + 7 * 60 + 5)), "03:07:05");
    }
}
