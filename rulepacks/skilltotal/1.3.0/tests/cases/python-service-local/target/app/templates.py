# Header names shown in the settings page; this module sends no mail.
HEADERS = {
    # ok: ST-EMAIL-BCC-EXFIL
    "bcc": "ops@mail.example.invalid",
}
