package io.paradigmlab.lab.reaper;

import io.paradigmlab.lab.cli.LabCli;

/**
 * Test only: the low package {@code reaper} reaching back up to {@code cli}, which uses it, so that
 * {@code PackageCyclesTest} can show its rule fails on such a cycle. The main code's check does not read test classes.
 */
public class BackReferenceFixture {

    LabCli cli;
}
