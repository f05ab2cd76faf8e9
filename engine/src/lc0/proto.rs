//! Protocol Buffers' wire format, as much of it as lc0's network files use:
//! a message is a run of fields, each a key (field number and wire type)
//! and a value (a varint, 4 or 8 fixed bytes, or a length and that many
//! bytes, which is how strings, byte arrays and nested messages travel).
//! The schema itself is lc0's `proto/net.proto`; `weights.rs` reads the
//! fields it needs by number. Writing is here too, for tests and tools
//! that make small networks of their own.

/// A field's value as the wire carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Varint(u64),
    Fixed64(u64),
    Bytes(&'a [u8]),
    Fixed32(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    pub number: u32,
    pub value: Value<'a>,
}

/// A message whose wire format has been checked: its fields are walked
/// from its bytes whenever they are asked for, so reading a message
/// allocates nothing, whatever its bytes hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message<'a> {
    bytes: &'a [u8],
}

/// Checks the wire format of `message` in one pass (nested messages are
/// checked when they are opened).
pub fn fields(message: &[u8]) -> Result<Message<'_>, String> {
    let mut reader = Reader { bytes: message, at: 0 };
    while reader.next_field()?.is_some() {}
    Ok(Message { bytes: message })
}

impl<'a> Message<'a> {
    /// The fields, in the order they were written.
    pub fn iter(&self) -> impl Iterator<Item = Field<'a>> {
        let mut reader = Reader { bytes: self.bytes, at: 0 };
        // Checked by `fields`: no error can come.
        std::iter::from_fn(move || reader.next_field().ok().flatten())
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next field, `None` at the end.
    fn next_field(&mut self) -> Result<Option<Field<'a>>, String> {
        if self.at >= self.bytes.len() {
            return Ok(None);
        }
        let key = self.varint()?;
        let number = u32::try_from(key >> 3).map_err(|_| format!("field number {} is too large", key >> 3))?;
        let value = match key & 7 {
            0 => Value::Varint(self.varint()?),
            1 => Value::Fixed64(u64::from_le_bytes(self.take(8)?.try_into().map_err(|_| "cut short")?)),
            2 => {
                let length = usize::try_from(self.varint()?).map_err(|_| "a length beyond memory")?;
                Value::Bytes(self.take(length)?)
            }
            5 => Value::Fixed32(u32::from_le_bytes(self.take(4)?.try_into().map_err(|_| "cut short")?)),
            other => return Err(format!("field {number} has wire type {other}, which this format never uses")),
        };
        Ok(Some(Field { number, value }))
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.at).ok_or("cut short inside a number")?;
            self.at += 1;
            value |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err("a number longer than ten bytes".into())
    }

    fn take(&mut self, length: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(length).filter(|&end| end <= self.bytes.len());
        let end = end.ok_or_else(|| format!("cut short: a field of {length} bytes runs past the end"))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }
}

/// The last value of field `number` (proto2's rule for a repeated
/// optional field), if present.
pub fn last<'a>(message: &Message<'a>, number: u32) -> Option<Value<'a>> {
    message.iter().filter(|field| field.number == number).last().map(|field| field.value)
}

/// Every value of a repeated field, in order.
pub fn all<'a>(message: &Message<'a>, number: u32) -> impl Iterator<Item = Value<'a>> {
    message.iter().filter(move |field| field.number == number).map(|field| field.value)
}

/// Builds a message field by field.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    bytes: Vec<u8>,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    fn key(&mut self, number: u32, wire_type: u64) {
        self.raw_varint((u64::from(number) << 3) | wire_type);
    }

    fn raw_varint(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.bytes.push((value as u8) | 0x80);
            value >>= 7;
        }
        self.bytes.push(value as u8);
    }

    pub fn varint(&mut self, number: u32, value: u64) -> &mut Writer {
        self.key(number, 0);
        self.raw_varint(value);
        self
    }

    pub fn fixed32(&mut self, number: u32, value: u32) -> &mut Writer {
        self.key(number, 5);
        self.bytes.extend_from_slice(&value.to_le_bytes());
        self
    }

    pub fn float(&mut self, number: u32, value: f32) -> &mut Writer {
        self.fixed32(number, value.to_bits())
    }

    pub fn bytes(&mut self, number: u32, value: &[u8]) -> &mut Writer {
        self.key(number, 2);
        self.raw_varint(value.len() as u64);
        self.bytes.extend_from_slice(value);
        self
    }

    pub fn message(&mut self, number: u32, message: &Writer) -> &mut Writer {
        self.bytes(number, &message.bytes)
    }

    pub fn finish(&self) -> Vec<u8> {
        self.bytes.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let mut inner = Writer::new();
        inner.varint(1, 300).float(2, -1.5);
        let mut outer = Writer::new();
        outer.fixed32(1, 0x1c0).message(10, &inner).bytes(3, b"abc").varint(1 << 20, u64::MAX);
        let bytes = outer.finish();
        let read = fields(&bytes).expect("valid");
        assert_eq!(last(&read, 1), Some(Value::Fixed32(0x1c0)));
        assert_eq!(last(&read, 3), Some(Value::Bytes(b"abc")));
        assert_eq!(last(&read, 1 << 20), Some(Value::Varint(u64::MAX)));
        let Some(Value::Bytes(nested)) = last(&read, 10) else { panic!("nested message") };
        let nested = fields(nested).expect("valid");
        assert_eq!(last(&nested, 1), Some(Value::Varint(300)));
        assert_eq!(last(&nested, 2), Some(Value::Fixed32((-1.5f32).to_bits())));
    }

    #[test]
    fn broken_messages_are_refused_with_a_reason() {
        let mut message = Writer::new();
        message.bytes(2, &[7u8; 40]);
        let bytes = message.finish();
        let error = fields(&bytes[..20]).expect_err("cut short");
        assert!(error.contains("cut short"), "{error}");
        assert!(fields(&[0x0b]).expect_err("wire type 3").contains("wire type 3"));
        assert!(fields(&[0x08, 0xff]).expect_err("unfinished number").contains("cut short"));
        assert_eq!(fields(&[0x08; 1][..0]).expect("empty").iter().count(), 0);
    }
}
