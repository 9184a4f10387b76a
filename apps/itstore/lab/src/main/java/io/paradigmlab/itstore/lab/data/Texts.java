package io.paradigmlab.itstore.lab.data;

import java.util.SplittableRandom;

/**
 * Names, codes and text of the IT store's rows: plain ASCII (no diacritics), so every value goes into COPY unescaped
 * and into JSON unescaped. A Romanian shop, as the original's data was: people and places by Romanian names, IBANs and
 * personal numbers (CNP) in the Romanian formats, with valid check digits.
 */
final class Texts {

    /** The ten product categories (at most 20 characters: {@code category VARCHAR(20)}). */
    static final String[] CATEGORIES = {"laptops", "phones", "tablets", "monitors", "printers", "storage",
            "networking", "components", "peripherals", "accessories"};

    /** Brand and product line per category, index by index with {@link #CATEGORIES}. */
    private static final String[][] LINES = {
            {"Lenovo ThinkPad", "Dell Latitude", "HP EliteBook", "Asus Zenbook", "Acer Swift", "Apple MacBook"},
            {"Samsung Galaxy", "Apple iPhone", "Xiaomi Redmi", "Motorola Moto", "Google Pixel", "Nokia"},
            {"Apple iPad", "Samsung Tab", "Lenovo Tab", "Huawei MatePad", "Xiaomi Pad"},
            {"Dell UltraSharp", "LG UltraGear", "Samsung Odyssey", "BenQ", "AOC", "Philips"},
            {"HP LaserJet", "Canon PIXMA", "Epson EcoTank", "Brother HL", "Xerox"},
            {"Samsung SSD", "WD Black", "Seagate Barracuda", "Kingston Fury", "Crucial"},
            {"TP-Link Archer", "Asus RT", "Netgear Nighthawk", "Ubiquiti UniFi", "MikroTik"},
            {"AMD Ryzen", "Intel Core", "Nvidia GeForce", "Corsair Vengeance", "ASRock"},
            {"Logitech MX", "Razer", "Microsoft", "HyperX", "SteelSeries"},
            {"Anker", "Belkin", "Ugreen", "Targus", "Baseus"}};

    private static final String[] SUFFIXES = {"Pro", "Plus", "Max", "Mini", "Lite", "Ultra", "16GB", "32GB", "512GB",
            "1TB", "Silver", "Black", "White", "Blue", "Gen 2", "Gen 3", "2023", "2024", "Wi-Fi", "5G", "RGB",
            "Wireless", "Slim", "Edition"};

    /** Availability and its weight in percent. */
    static final String[] AVAILABILITY = {"in stock", "limited stock", "out of stock", "on order"};
    private static final int[] AVAILABILITY_WEIGHTS = {60, 15, 15, 10};

    private static final String[] INFO = {"Warranty 24 months", "Free delivery", "Delivered in 2-3 days",
            "Energy class A", "Includes charger", "Recycled packaging", "Official distributor", "Return within 30 days",
            "Made in EU", "Firmware updates included", "Compatible with Windows and macOS", "Pickup in store",
            "Extended warranty available", "Bulk discounts for companies", "Tested by our service team",
            "Original packaging", "Quick start guide included", "Technical support by phone"};

    /** Characteristic names; each product gets four different ones. */
    static final String[] CHARACTERISTICS = {"Color", "Weight", "Warranty", "Dimensions", "Power", "Memory",
            "Storage", "Connectivity", "Screen size", "Material", "Origin", "Energy class"};

    private static final String[] COLORS = {"black", "silver", "white", "blue", "red", "space gray", "gold"};
    private static final String[] CONNECTIVITY = {"USB-C", "Bluetooth 5.3", "Wi-Fi 6", "Ethernet", "USB-A, HDMI",
            "Wi-Fi 6E, Bluetooth 5.2", "Thunderbolt 4"};
    private static final String[] MATERIALS = {"aluminium", "plastic", "glass and aluminium", "steel", "recycled plastic"};
    private static final String[] ORIGINS = {"China", "Taiwan", "Vietnam", "Germany", "Romania", "Malaysia", "Mexico"};

    private static final String[] FIRST = {"Andrei", "Maria", "Elena", "Ion", "Mihai", "Ana", "Alexandru", "Ioana",
            "Cristina", "Gabriel", "Andreea", "Stefan", "Florin", "Diana", "Adrian", "Raluca", "Vlad", "Irina",
            "Bogdan", "Oana", "Radu", "Simona", "Catalin", "Laura"};
    private static final String[] LAST = {"Popescu", "Ionescu", "Popa", "Pop", "Radu", "Dumitru", "Stan", "Stoica",
            "Gheorghe", "Matei", "Ciobanu", "Rusu", "Munteanu", "Constantin", "Marin", "Tudor", "Florea", "Dinu",
            "Lazar", "Moldovan", "Barbu", "Nistor"};
    private static final String[] COMPANY_FIRST = {"Alfa", "Nova", "Delta", "Carpat", "Dacia", "Danubius", "Trans",
            "Digital", "Tech", "Euro", "Prima", "Vest", "Nord", "Orizont", "Max"};
    private static final String[] COMPANY_SECOND = {"Solutions", "Distribution", "Import", "Systems", "Trade",
            "Logistics", "Electronics", "Computers", "Network", "Service"};
    private static final String[] STREETS = {"Lunga", "Mihai Eminescu", "Unirii", "Victoriei", "Independentei",
            "Florilor", "Libertatii", "Republicii", "Garii", "Morii", "Avram Iancu", "Decebal"};
    private static final String[] CITIES = {"Bucuresti", "Cluj-Napoca", "Iasi", "Timisoara", "Brasov", "Constanta",
            "Craiova", "Galati", "Oradea", "Sibiu", "Suceava", "Arad"};
    private static final String[] BANKS = {"BTRL", "RNCB", "BRDE", "INGB", "RZBR", "BACX", "CECE", "TREZ"};

    private static final String CODE_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    /** 36^5: five base-36 characters. */
    private static final long CODES = 60_466_176L;
    /** Coprime with 36, so id to code is a bijection on [0, 36^5): product names never repeat. */
    private static final long CODE_STEP = 7_777_777L;

    private Texts() {
    }

    // ---- products

    /**
     * A product name of about {@code target} characters (at most 50): brand and line of its category, a five-character
     * model code unique to the id (so names are unique, which matters since the profit queries join by name), then
     * variant words while they fit.
     */
    static String productName(SplittableRandom r, int id, int category, long codeOffset, int target) {
        String[] lines = LINES[category];
        StringBuilder name = new StringBuilder(50).append(lines[r.nextInt(lines.length)]).append(' ');
        long code = Math.floorMod(id * CODE_STEP + codeOffset, CODES);
        for (int i = 4; i >= 0; i--) {
            long power = pow36(i);
            name.append(CODE_DIGITS.charAt((int) (code / power % 36)));
        }
        for (int attempt = 0; attempt < 6 && name.length() < target; attempt++) {
            String suffix = SUFFIXES[r.nextInt(SUFFIXES.length)];
            if (name.length() + 1 + suffix.length() <= Math.min(target, 50)) {
                name.append(' ').append(suffix);
            }
        }
        return name.toString();
    }

    static String availability(SplittableRandom r) {
        int x = r.nextInt(100);
        for (int i = 0; i < AVAILABILITY.length; i++) {
            x -= AVAILABILITY_WEIGHTS[i];
            if (x < 0) {
                return AVAILABILITY[i];
            }
        }
        throw new IllegalStateException("weights do not add up to 100");
    }

    /** Shop notes of exactly {@code length} characters (sentences, the last one cut), never ending in a space. */
    static String addInfo(SplittableRandom r, int length) {
        StringBuilder text = new StringBuilder(length + 40);
        while (text.length() < length) {
            if (!text.isEmpty()) {
                text.append(". ");
            }
            text.append(INFO[r.nextInt(INFO.length)]);
        }
        text.setLength(length);
        if (length > 0 && text.charAt(length - 1) == ' ') {
            text.setCharAt(length - 1, '.');
        }
        return text.toString();
    }

    /** A value fitting the characteristic {@code name} (at most 150 characters). */
    static String characteristicValue(SplittableRandom r, String name) {
        return switch (name) {
            case "Color" -> COLORS[r.nextInt(COLORS.length)];
            case "Weight" -> {
                int tenths = 1 + r.nextInt(30);
                yield tenths / 10 + "." + tenths % 10 + " kg";
            }
            case "Warranty" -> (12 * (1 + r.nextInt(3))) + " months";
            case "Dimensions" -> (50 + r.nextInt(600)) + " x " + (10 + r.nextInt(400)) + " x " + (5 + r.nextInt(300))
                    + " mm";
            case "Power" -> (5 + r.nextInt(296)) + " W";
            case "Memory" -> (4 << r.nextInt(5)) + " GB";
            case "Storage" -> (64 << r.nextInt(6)) + " GB";
            case "Connectivity" -> CONNECTIVITY[r.nextInt(CONNECTIVITY.length)];
            case "Screen size" -> (6 + r.nextInt(27)) + "." + r.nextInt(10) + " inch";
            case "Material" -> MATERIALS[r.nextInt(MATERIALS.length)];
            case "Origin" -> ORIGINS[r.nextInt(ORIGINS.length)];
            case "Energy class" -> String.valueOf((char) ('A' + r.nextInt(7)));
            default -> throw new IllegalArgumentException("no values for characteristic " + name);
        };
    }

    // ---- customers, employees, suppliers

    static String personName(SplittableRandom r) {
        return FIRST[r.nextInt(FIRST.length)] + " " + LAST[r.nextInt(LAST.length)];
    }

    static String companyName(SplittableRandom r) {
        return COMPANY_FIRST[r.nextInt(COMPANY_FIRST.length)] + " " + COMPANY_SECOND[r.nextInt(COMPANY_SECOND.length)]
                + (r.nextInt(4) == 0 ? " SA" : " SRL");
    }

    static String address(SplittableRandom r) {
        return "Str. " + STREETS[r.nextInt(STREETS.length)] + " nr. " + (1 + r.nextInt(200)) + ", "
                + CITIES[r.nextInt(CITIES.length)];
    }

    /** A company's tax id (CUI): 8 digits, at most 10 characters ({@code EIN VARCHAR(10)}). */
    static String ein(SplittableRandom r) {
        return Integer.toString(10_000_000 + r.nextInt(90_000_000));
    }

    /** A Romanian IBAN: RO, two check digits (ISO 13616, mod 97), a bank code and 16 digits; 24 characters. */
    static String iban(SplittableRandom r) {
        StringBuilder bban = new StringBuilder(20).append(BANKS[r.nextInt(BANKS.length)]);
        for (int i = 0; i < 16; i++) {
            bban.append((char) ('0' + r.nextInt(10)));
        }
        int check = 98 - mod97(bban + "RO00");
        return "RO" + (check < 10 ? "0" : "") + check + bban;
    }

    /** Whether {@code iban} has valid check digits. */
    static boolean ibanValid(String iban) {
        return mod97(iban.substring(4) + iban.substring(0, 4)) == 1;
    }

    /**
     * A Romanian personal numeric code (CNP), 13 digits: sex and century, birth date (1950-2004), county, serial and
     * the check digit of the official weights.
     */
    static String cnp(SplittableRandom r) {
        int year = 1950 + r.nextInt(55);
        boolean male = r.nextBoolean();
        int first = year < 2000 ? (male ? 1 : 2) : (male ? 5 : 6);
        int month = 1 + r.nextInt(12);
        int day = 1 + r.nextInt(28);
        int county = 1 + r.nextInt(46);
        int serial = 1 + r.nextInt(999);
        String digits = String.format(java.util.Locale.ROOT, "%d%02d%02d%02d%02d%03d", first, year % 100, month, day,
                county, serial);
        return digits + cnpCheck(digits);
    }

    /** The check digit of the first 12 digits of a CNP. */
    static int cnpCheck(String twelve) {
        String weights = "279146358279";
        int sum = 0;
        for (int i = 0; i < 12; i++) {
            sum += (twelve.charAt(i) - '0') * (weights.charAt(i) - '0');
        }
        int check = sum % 11;
        return check == 10 ? 1 : check;
    }

    private static int mod97(String text) {
        int mod = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int value = Character.isDigit(c) ? c - '0' : c - 'A' + 10;
            mod = (value >= 10 ? mod * 100 + value : mod * 10 + value) % 97;
        }
        return mod;
    }

    private static long pow36(int exponent) {
        long p = 1;
        for (int i = 0; i < exponent; i++) {
            p *= 36;
        }
        return p;
    }
}
